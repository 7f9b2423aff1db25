import { createEvent, enqueueEvent, type Caller, type EntityManager, type EventActor } from '@crm/shared';
import type { LeadView } from './lead-view';

export const SERVICE_NAME = 'leads';

const actorOf = (caller: Caller): EventActor => ({ user_id: caller.userId, profile_id: caller.profileId });

/** `lead.created` / `lead.updated`: the lead as the API shows it, with its version (replicas apply newer ones only). */
export async function emitLeadChanged(
  manager: EntityManager,
  type: 'lead.created' | 'lead.updated',
  caller: Caller,
  lead: LeadView,
  version: number,
): Promise<void> {
  await enqueueEvent(
    manager,
    createEvent({
      source: SERVICE_NAME,
      type,
      subject: lead.id,
      tenantId: lead.org,
      actor: actorOf(caller),
      data: { ...lead, version },
    }),
  );
}

/** `lead.deleted`: `assigned_to` lists every owner the lead had (one for a plain delete; more after a merge). */
export async function emitLeadDeleted(
  manager: EntityManager,
  caller: Caller,
  lead: { id: string; tenantId: string; version: number },
  owners: string[],
): Promise<void> {
  await enqueueEvent(
    manager,
    createEvent({
      source: SERVICE_NAME,
      type: 'lead.deleted',
      subject: lead.id,
      tenantId: lead.tenantId,
      actor: actorOf(caller),
      data: { id: lead.id, assigned_to: owners, version: lead.version + 1 },
    }),
  );
}
