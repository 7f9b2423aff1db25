import type { EntityManager, IntegrationEventHandler } from '@crm/platform';
import { publishRecords, rememberProfileAhead } from '@crm/records';
import { z } from 'zod';
import { accountKind } from '../accounts/accounts.domain';
import { insertAccount } from '../accounts/accounts.repository';
import { opportunityKind } from '../opportunities/opportunities.domain';
import { insertOpportunity } from '../opportunities/opportunities.repository';
import { redirectMergedReferences } from '../records/known-references';

const id = z.uuid();

/** What this service reads of `lead.converted` (leads declares the whole event; the message pacts hold the two together). */
const leadConverted = z.object({
  lead_id: id,
  owner_id: id,
  converted_by: id,
  account: z.object({ id, name: z.string().min(1) }),
  contact: z.object({ id }),
  opportunity: z.object({ id, name: z.string().min(1), amount: z.string(), currency: z.string().length(3) }).nullable(),
  /** The converted lead as the API shows it: its `assigned_to {id, email}` is the new records' owner. */
  lead: z.object({ assigned_to: z.object({ id, email: z.string().nullable() }).nullish().catch(undefined) }),
});

type LeadConverted = z.infer<typeof leadConverted>;

/**
 * `lead.converted` (api-contract §4): the account and, with an amount, the opportunity, by the ids leads
 * allocated (the inbox sees a redelivered message once). Each record is announced with `*.created`,
 * which tells leads the conversion's record is made. The
 * contact may have been merged away before this message arrived: the opportunity then links its keeper.
 * The owner's e-mail comes with the converted lead (`assigned_to`), for the views, should auth's
 * `profile.created` not have arrived yet.
 */
export const onLeadConverted: IntegrationEventHandler<unknown> = async (event, manager) => {
  const data = leadConverted.parse(event.data);
  const origin = { tenantId: event.tenantid, createdBy: data.converted_by, now: new Date(event.time) };
  await rememberConversionOwner(manager, event.tenantid, data);
  const account = await insertAccount(manager, {
    ...origin,
    id: data.account.id,
    name: data.account.name,
    assigned_to: data.owner_id,
  });
  await publishRecords(manager, accountKind, 'created', event.actor, [account]);
  if (!data.opportunity) return;
  const links = await redirectMergedReferences(manager, opportunityKind.knownReferences, event.tenantid, {
    contact_ids: [data.contact.id],
    lead_id: data.lead_id,
  });
  const opportunity = await insertOpportunity(manager, {
    ...origin,
    ...links,
    id: data.opportunity.id,
    name: data.opportunity.name,
    assigned_to: data.owner_id,
    account_id: data.account.id,
    amount: data.opportunity.amount,
    currency: data.opportunity.currency,
  });
  await publishRecords(manager, opportunityKind, 'created', event.actor, [opportunity]);
};

/** The converted lead's owner, as the event shows it, until auth's own events bring the profile (`rememberProfileAhead`). */
async function rememberConversionOwner(manager: EntityManager, tenantId: string, data: LeadConverted): Promise<void> {
  const owner = data.lead.assigned_to;
  if (owner?.id === data.owner_id) await rememberProfileAhead(manager, tenantId, owner);
}
