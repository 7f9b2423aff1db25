import { createEvent, enqueueEvent, NotFoundError, ValidationError, type Caller, type EntityManager } from '@crm/platform';
import { NOT_A_MEMBER, REASSIGNMENT_REQUESTED, type ReassignmentRequestedData, type RecordsReassignedData } from '@crm/records';
import { randomUUID } from 'node:crypto';
import type { AuthDeps } from '../auth-deps';
import { actorOf } from '../users/profile-events';
import { findProfile } from '../users/users.repository';
import { reassignmentView, type ReassignmentView } from './reassignment-view';
import type { ReassignInput } from './reassignment.schemas';
import { addReport, completeReassignment, findReassignment, insertReassignment } from './reassignments.repository';

/*
 * Reassigning a member's records to another (api-contract §10.2), step by step. The services own the
 * records, so the move crosses them by messages:
 *
 * 1. `requestReassignment`, the POST, in one transaction: both members of the caller's tenant, the one
 *    receiving active and another; the reassignment recorded (`pending`) and `profile.reassignment_requested`
 *    `{reassignment_id, from, to, to_email}` written to the outbox. The answer is 202 with its status resource.
 * 2. Each service owning records (`REASSIGNING_SERVICES`) accepts the request with its inbox row, then moves
 *    the records owned by or assigned to `from` in batches, each batch one transaction with its records'
 *    `*.updated` events, as a PATCH of their owner would write them; a stopped or crashed service goes on with
 *    what is left, nothing moved twice (`RecordReassignments`, @crm/records). Once nothing is left it reports
 *    `<service>.records_reassigned` with its counts.
 * 3. `recordReport`: each report (once, through auth's inbox) adds its counts; the last of the three
 *    completes the reassignment. A client polls `GET /api/auth/reassignments/<id>/` (`reassignmentStatus`).
 *
 * Deactivating a member reassigns nothing: their records stay theirs until an admin asks for this.
 */

/** The services owning records, each reporting once per reassignment. */
const REASSIGNING_SERVICES = ['leads', 'contacts', 'accounts-opportunities'];

const SAME_MEMBER = 'The records are this member’s already: name another member.';
const INACTIVE_MEMBER = 'This member is deactivated: records go to an active member.';

/** Step 1: an admin asks for every record of `fromId` to go to `input.to`. */
export async function requestReassignment(deps: AuthDeps, admin: Caller, fromId: string, input: ReassignInput): Promise<ReassignmentView> {
  const now = deps.clock();
  const reassignment = await deps.dataSource.transaction(async (manager) => {
    const from = await findProfile(manager, fromId, { orgId: admin.tenantId });
    if (!from) throw new NotFoundError();
    if (input.to === from.id) throw ValidationError.field('to', SAME_MEMBER);
    // Locked: deactivating the receiving member waits for this request, and comes after it.
    const to = await findProfile(manager, input.to, { orgId: admin.tenantId, forUpdate: true });
    if (!to) throw ValidationError.field('to', NOT_A_MEMBER);
    if (!to.isActive) throw ValidationError.field('to', INACTIVE_MEMBER);
    const requested = await insertReassignment(manager, { id: randomUUID(), orgId: admin.tenantId, from: from.id, to: to.id, requestedBy: admin.profileId, requestedAt: now });
    const data: ReassignmentRequestedData = { reassignment_id: requested.id, from: from.id, to: to.id, to_email: to.email };
    await enqueueEvent(manager, createEvent({ source: 'auth', type: REASSIGNMENT_REQUESTED, subject: requested.id, tenantId: admin.tenantId, actor: actorOf(admin), data, time: now }));
    return requested;
  });
  return reassignmentView(reassignment);
}

/** Step 3: a service's report; the last one completes the reassignment. */
export async function recordReport(manager: EntityManager, tenantId: string, report: RecordsReassignedData, now: Date): Promise<void> {
  const reassignment = await addReport(manager, tenantId, report.reassignment_id, report.service, report.moved);
  if (!reassignment || reassignment.status === 'completed') return;
  if (REASSIGNING_SERVICES.every((service) => reassignment.reportedBy.includes(service))) await completeReassignment(manager, reassignment.id, now);
}

/** The status resource, for the admins of its tenant (404 for anyone else's). */
export async function reassignmentStatus(deps: AuthDeps, admin: Caller, id: string): Promise<ReassignmentView> {
  const reassignment = await findReassignment(deps.dataSource.manager, admin.tenantId, id);
  if (!reassignment) throw new NotFoundError();
  return reassignmentView(reassignment);
}
