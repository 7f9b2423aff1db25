import { createEvent, enqueueEvent, LEAD_CONVERTED, type Caller } from '@crm/shared';
import type { LeadsDeps } from '../leads-deps';
import { openLead } from '../leads/lead-access';
import { SERVICE_NAME } from '../leads/lead-events';
import { checkStatusChange } from '../leads/lead-values';
import { leadViewOf, type LeadView } from '../leads/lead-view';
import { updateLead } from '../leads/leads.repository';
import type { LeadInput } from '../leads/leads.schemas';
import { ensureLeadReferences, valuesForChange } from '../leads/write-lead';
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

/**
 * PUT with `status: converted` (the only way to convert, api-contract §6): in one
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
  await ensureLeadReferences(deps, caller, [input]);
  // What the transaction returns is the answer while the records are on their way: a repeat with the
  // request's Idempotency-Key gets it if this process dies before answering (api-contract §10).
  const pending = await deps.dataSource.transaction(async (manager): Promise<ConversionResult> => {
    const existing = await openLead(manager, caller, id, true);
    checkStatusChange('replace', input, existing.status);
    const values = await valuesForChange(manager, caller, 'replace', input, existing);
    const plan = conversionPlan(id, values, caller.profileId);
    const now = deps.clock();
    const lead = await updateLead(manager, id, values, now);
    await recordConversion(manager, id, plan.ids, now);
    const leadView = await leadViewOf(manager, lead);
    await enqueueEvent(
      manager,
      createEvent({
        source: SERVICE_NAME,
        type: LEAD_CONVERTED,
        subject: id,
        tenantId: caller.tenantId,
        actor: { user_id: caller.userId, profile_id: caller.profileId },
        data: { ...plan.data, lead: { ...leadView, version: lead.version } },
      }),
    );
    return { ...leadView, account_id: plan.ids.accountId, contact_id: plan.ids.contactId, opportunity_id: plan.ids.opportunityId, conversion_status: 'pending' };
  });
  const complete = await waiter.waitFor(id, waitMs);
  return { ...pending, conversion_status: complete ? 'completed' : 'pending' };
}
