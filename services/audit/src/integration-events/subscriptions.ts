import type { Subscriptions } from '@crm/platform';
import { recordAuditEntry } from './all-events.handler';

/**
 * What audit consumes, and what each event does here:
 * - `#` (every event of every service) → one entry of its tenant's audit log, read at `/api/audit-logs/`
 *   and as the change feed `/api/changes/`.
 */
export const SUBSCRIPTIONS: Subscriptions<unknown> = {
  '#': recordAuditEntry,
};
