import type { IntegrationEventHandler } from '@crm/platform';
import { recordAnnounced } from '../conversion/lead-conversion.process';
import type { ConvertedRecordType } from '../conversion/lead-conversions.repository';

/**
 * `account.created`, `contact.created`, `opportunity.created`: the record's owner made it; when a
 * conversion handed it out, it is ready (`lead-conversion.process.ts`, step 3).
 */
export const onConvertedRecordCreated =
  (type: ConvertedRecordType): IntegrationEventHandler<unknown> =>
  (event, manager) =>
    recordAnnounced(manager, event.tenantid, type, event.subject);
