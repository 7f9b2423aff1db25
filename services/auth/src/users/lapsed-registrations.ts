import type { DataSource } from '@crm/platform';
import { endCredentials } from '../credentials/end-credentials';
import { releaseLapsedRegistrations } from './email-holders.repository';

/**
 * Closes the registrations whose founder did not verify the address within 7 days (api-contract §10.4):
 * the address is released and every credential of theirs ends. Login already refuses them from the
 * deadline on; this ends the sessions they had. Answers how many profiles it closed.
 */
export async function closeLapsedRegistrations(dataSource: DataSource, now: Date): Promise<number> {
  return dataSource.transaction(async (manager) => {
    const profileIds = await releaseLapsedRegistrations(manager, now);
    for (const profileId of profileIds) await endCredentials(manager, profileId, now, { apiTokens: true });
    return profileIds.length;
  });
}
