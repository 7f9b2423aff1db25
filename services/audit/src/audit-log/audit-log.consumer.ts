import type { EventHandler } from '@crm/platform';
import { insertAuditEntry } from './audit-log.repository';

/** Every event on the bus becomes one audit entry (the inbox and the unique event id keep it to one). */
export const recordAuditEntry: EventHandler = async (event, manager) => {
  await insertAuditEntry(manager, event);
};
