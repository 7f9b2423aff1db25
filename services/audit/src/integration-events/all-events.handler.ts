import type { IntegrationEventHandler } from '@crm/platform';
import { insertAuditEntry } from '../audit-log/audit-log.repository';

/** Every event on the bus becomes one audit entry (the inbox and the unique event id keep it to one). */
export const recordAuditEntry: IntegrationEventHandler<unknown> = async (event, manager) => {
  await insertAuditEntry(manager, event);
};
