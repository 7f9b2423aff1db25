import { deleteRecordNotes, requireDeleteRight, type Caller } from '@crm/shared';
import type { LeadsDeps } from '../leads-deps';
import { openLead } from './lead-access';
import { emitLeadDeleted } from './lead-events';
import { deleteLead } from './leads.repository';

export const LEAD_RECORD_TYPE = 'lead';

/** DELETE: a hard delete, with the lead's notes and files; `lead.deleted` names its owner. */
export async function removeLead(deps: LeadsDeps, caller: Caller, id: string): Promise<void> {
  await deps.dataSource.transaction(async (manager) => {
    const lead = await openLead(manager, caller, id, true);
    requireDeleteRight(caller, lead);
    await deleteRecordNotes(manager, LEAD_RECORD_TYPE, id);
    await deleteLead(manager, id);
    await emitLeadDeleted(manager, caller, lead, [lead.assignedTo]);
  });
}
