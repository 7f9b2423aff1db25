import type { IntegrationEventHandler } from '@crm/platform';
import { applyKnownRecord, type KnownRecordType } from '../known-records/known-records';

/**
 * `<type>.created` / `<type>.updated` of a contact or lead: `known_records` holds it from this version on,
 * with who may open it, against which `contact_ids`, `contact_id` and `lead_id` are checked.
 */
export const onKnownRecordChanged =
  (type: KnownRecordType): IntegrationEventHandler<unknown> =>
  (event, manager) =>
    applyKnownRecord(manager, type, event.tenantid, event.data);
