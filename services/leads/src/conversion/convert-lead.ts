import { createEvent, enqueueEvent, type Caller } from '@crm/platform';
import { ensureReferences, idSchema, LEAD_CONVERTED, openRecord, updateRecord, valuesForChange } from '@crm/records';
import type { LeadsDeps } from '../leads-deps';
import { leadKind, SERVICE_NAME } from '../leads/lead-kind';
import { leadViewSchema, type LeadView } from '../leads/lead-view';
import { z } from 'zod';
import { LEADS } from '../leads/leads.repository';
import type { LeadInput } from '../leads/leads.schemas';
import { conversionPlan } from './conversion-plan';
import type { ConversionWaiter } from './conversion-waiter';
import { recordConversion } from './conversion.repository';

export interface ConversionResult extends LeadView {
  account_id: string;
  contact_id: string;
  opportunity_id: string | null;
  /** `completed`: every record is readable; `pending`: the bounded wait ended first (they follow). */
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
 * PUT with `status: converted` (the only way to convert, api-contract §4): in one
 * transaction the lead takes the PUT's values and the converted status, the ids of the account,
 * contact and (with an amount) opportunity are allocated, and `lead.converted` goes to the outbox.
 * The lead's row lock makes concurrent conversions queue: the first converts, the others get 422.
 * The answer waits, bounded, until the owning services have created the records.
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
    // The status rules (`leadKind.checkInput`) refuse a lead converted already: 422.
    const values = await valuesForChange(manager, leadKind, caller, 'replace', input, existing.values);
    const plan = conversionPlan(id, values, caller.profileId);
    const now = deps.clock();
    const lead = await updateRecord(manager, LEADS, id, values, now);
    await recordConversion(manager, id, plan.ids, now);
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
