import { actorOf, enqueueRecordChanged, enqueueRecordDeleted, type Caller, type EntityManager } from '@crm/shared';
import type { LeadView } from './lead-view';

export const SERVICE_NAME = 'leads';

/** `lead.created` / `lead.updated`: the lead as the API shows it, with its version (replicas apply newer ones only). */
export async function emitLeadChanged(
  manager: EntityManager,
  type: 'lead.created' | 'lead.updated',
  caller: Caller,
  lead: LeadView,
  version: number,
): Promise<void> {
  const record = { id: lead.id, tenantId: lead.org, version };
  await enqueueRecordChanged(manager, { source: SERVICE_NAME, type, actor: actorOf(caller), record, view: lead });
}

/** `lead.deleted`: `assigned_to` lists every owner the lead had (one for a plain delete; more after a merge). */
export async function emitLeadDeleted(
  manager: EntityManager,
  caller: Caller,
  lead: { id: string; tenantId: string; version: number },
  owners: string[],
): Promise<void> {
  await enqueueRecordDeleted(manager, { source: SERVICE_NAME, type: 'lead.deleted', actor: actorOf(caller), record: lead, owners });
}
