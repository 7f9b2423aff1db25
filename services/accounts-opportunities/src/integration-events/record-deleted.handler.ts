import type { IntegrationEventHandler } from '@crm/platform';
import { deletedRecordOf } from '@crm/records';
import type { ServiceContext } from '../config';
import { markKnownRecordDeleted, type KnownRecordType } from '../known-records/known-records';
import { moveToKeeper } from '../merges/record-merged';
import { opportunityKind } from '../opportunities/opportunities.domain';
import { followKnownRecord } from '../records/known-references';
import { taskKind } from '../tasks/tasks.domain';

/**
 * `lead.deleted` / `contact.deleted` (architecture §1: a delete reaches every service): the record is dead in
 * the replica, and tasks and opportunities no longer point to it (`lead_id`, `contact_id` cleared, the
 * id dropped from `contact_ids`), each a change of the record. Marking it dead takes its row's lock
 * first, so a write that linked it has committed (and is cleared here), and a later one is refused.
 * The merged-away record of a merge (`merged_into`) moves to the keeper instead, as `*.merged` would
 * (and with its locks in the same order: a `*.merged` handled at the same time would otherwise deadlock).
 */
export const onKnownRecordDeleted =
  (type: KnownRecordType): IntegrationEventHandler<ServiceContext> =>
  async (event, manager, { clock }) => {
    const data = deletedRecordOf(event.data);
    if (!data) return;
    const change = { actor: event.actor, now: clock() };
    if (data.mergedInto) {
      // The merge's locks in the merge's order (its id's advisory lock, then the row), as `*.merged` takes them.
      await moveToKeeper(manager, type, event.tenantid, { mergedId: data.id, keeperId: data.mergedInto }, change);
      await markKnownRecordDeleted(manager, type, event.tenantid, data.id, data.version);
      return;
    }
    await markKnownRecordDeleted(manager, type, event.tenantid, data.id, data.version);
    await followKnownRecord(manager, taskKind, type, event.tenantid, { id: data.id }, change);
    await followKnownRecord(manager, opportunityKind, type, event.tenantid, { id: data.id }, change);
  };
