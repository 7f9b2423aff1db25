import { createEvent, enqueueEvent, type Caller, type EntityManager } from '@crm/platform';
import { ensureReferences, idSchema, openRecord, updateRecord, valuesForChange } from '@crm/records';
import { z } from 'zod';
import { LEAD_CONVERTED } from '../integration-events/published-events';
import type { LeadsDeps } from '../leads-deps';
import { leadKind, SERVICE_NAME } from '../leads/lead-kind';
import { leadViewSchema, type LeadView } from '../leads/lead-view';
import { LEADS } from '../leads/leads.repository';
import type { LeadInput } from '../leads/leads.schemas';
import { conversionPlan } from './conversion-plan';
import type { ConversionWaiter } from './conversion-waiter';
import {
  completeConversionsAllReady,
  insertConversion,
  lockConversionsHandingOut,
  markRecordReady,
  type ConvertedRecordType,
} from './lead-conversions.repository';

/*
 * The lead conversion (api-contract §4), step by step:
 *
 * 1. `convertLead`, a PUT with `status: converted`, in one transaction: lock the lead, plan the ids of
 *    the account, the contact and (with an amount) the opportunity, record the conversion
 *    (`lead_conversions`, state `making_records`, with the records it hands out), announce `lead.converted`.
 * 2. The records' owners make them by those ids (contacts and accounts-opportunities, in their
 *    `lead.converted` handlers) and announce each with `account.created`, `contact.created`,
 *    `opportunity.created`.
 * 3. `recordAnnounced`: each announcement marks its record ready. When all are, the conversion completes
 *    (`completed`) and a NOTIFY wakes the request still waiting in step 1 (`ConversionWaiter`). A request
 *    that waited `CONVERSION_WAIT_MS` first has answered `pending`.
 *
 * Meanwhile a write naming a handed-out id whose record is not made yet is answered 503, not 400: the
 * services ask leads (`recordsBeingMade`, architecture §1). A contact merged away moves its conversion onto
 * the keeper (`contactMerged`).
 */

export interface ConversionResult extends LeadView {
  account_id: string;
  contact_id: string;
  opportunity_id: string | null;
  /** `completed`: every record is made; `pending`: the bounded wait ended first (they follow). */
  conversion_status: 'completed' | 'pending';
}

/** `ConversionResult` as the API documents it. */
export const conversionResultSchema = leadViewSchema.extend({
  account_id: idSchema,
  contact_id: idSchema,
  opportunity_id: idSchema.nullable(),
  conversion_status: z.enum(['completed', 'pending']),
});

/**
 * Step 1. The lead's row lock makes concurrent conversions queue: the first converts, the others get 422
 * (`leadKind.checkInput` refuses a lead converted already). The answer waits, bounded, for step 3.
 */
export async function convertLead(
  deps: LeadsDeps,
  waiter: ConversionWaiter,
  waitMs: number,
  caller: Caller,
  id: string,
  input: LeadInput,
): Promise<ConversionResult> {
  await ensureReferences(deps, leadKind, caller, [input]);
  // What the transaction returns is the answer while the records are on their way: a repeat with the
  // request's Idempotency-Key gets it if this process dies before answering (api-contract §6).
  const pending = await deps.dataSource.transaction(async (manager): Promise<ConversionResult> => {
    const existing = await openRecord(manager, LEADS, caller, id, true);
    const values = await valuesForChange(manager, leadKind, caller, 'replace', input, existing.values);
    const plan = conversionPlan(id, values, caller.profileId);
    const now = deps.clock();
    const lead = await updateRecord(manager, LEADS, id, values, now);
    await insertConversion(manager, caller.tenantId, id, plan.ids, now);
    const [leadView] = await leadKind.views(manager, caller.tenantId, [lead]);
    await enqueueEvent(
      manager,
      createEvent({
        source: SERVICE_NAME,
        type: LEAD_CONVERTED,
        subject: id,
        tenantId: caller.tenantId,
        actor: { user_id: caller.userId, profile_id: caller.profileId },
        data: { ...plan.data, lead: { ...leadView!, version: lead.version } },
      }),
    );
    return { ...leadView!, account_id: plan.ids.accountId, contact_id: plan.ids.contactId, opportunity_id: plan.ids.opportunityId, conversion_status: 'pending' };
  });
  // The conversion has committed: a database that fails during the wait makes it `pending`, never a 5xx
  // (which its Idempotency-Key would then replay for a write that was done).
  const complete = await waiter.waitFor(id, waitMs).catch(() => false);
  return { ...pending, conversion_status: complete ? 'completed' : 'pending' };
}

/**
 * Step 3. The owner of a record announced it (`<type>.created`, subject: the record): if a conversion handed
 * it out, it is ready, and the conversion completes when it was the last. Any other record changes nothing.
 */
export async function recordAnnounced(manager: EntityManager, tenantId: string, type: ConvertedRecordType, recordId: string): Promise<void> {
  const leadIds = await lockConversionsHandingOut(manager, tenantId, type, recordId);
  if (leadIds.length === 0) return;
  await markRecordReady(manager, leadIds, type, recordId);
  await completeConversionsAllReady(manager, leadIds);
}

/**
 * `contact.merged`: a conversion's contact follows it onto the keeper. The keeper exists, so it counts as
 * ready (its `contact.created` may have come and gone).
 */
export async function contactMerged(manager: EntityManager, tenantId: string, mergedId: string, keeperId: string): Promise<void> {
  const leadIds = await lockConversionsHandingOut(manager, tenantId, 'contact', mergedId);
  if (leadIds.length === 0) return;
  await markRecordReady(manager, leadIds, 'contact', keeperId);
  await completeConversionsAllReady(manager, leadIds);
}
