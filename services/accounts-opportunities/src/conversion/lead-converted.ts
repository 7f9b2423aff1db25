import { type CrmEvent, type EntityManager } from '@crm/platform';
import { leadConvertedData, publishRecords, rememberConversionOwner } from '@crm/records';
import { accountKind } from '../accounts/accounts.domain';
import { insertAccountIfAbsent } from '../accounts/accounts.repository';
import { opportunityKind } from '../opportunities/opportunities.domain';
import { insertOpportunityIfAbsent } from '../opportunities/opportunities.repository';
import { redirectMergedReferences } from '../records/known-references';

/**
 * `lead.converted` (api-contract §4): the account and, with an amount, the opportunity, by the ids leads
 * allocated. Inserting "if absent" makes a redelivery (or a replay) create nothing twice; each record
 * created is announced with `*.created`, which tells leads the conversion's record is readable. The
 * contact may have been merged away before this message arrived: the opportunity then links its keeper.
 * The owner's e-mail comes with the converted lead (`assigned_to`), for the views, should auth's
 * `profile.created` not have arrived yet.
 */
export async function createConvertedRecords(event: CrmEvent, manager: EntityManager): Promise<void> {
  const data = leadConvertedData.parse(event.data);
  const origin = { tenantId: event.tenantid, createdBy: data.converted_by, now: new Date(event.time) };
  await rememberConversionOwner(manager, event.tenantid, data);
  const account = await insertAccountIfAbsent(manager, {
    ...origin,
    id: data.account.id,
    name: data.account.name,
    assigned_to: data.owner_id,
  });
  if (account.inserted) await publishRecords(manager, accountKind, 'created', event.actor, [account.record]);
  if (!data.opportunity) return;
  const links = await redirectMergedReferences(manager, opportunityKind.knownReferences, event.tenantid, {
    contact_ids: [data.contact.id],
    lead_id: data.lead_id,
  });
  const opportunity = await insertOpportunityIfAbsent(manager, {
    ...origin,
    ...links,
    id: data.opportunity.id,
    name: data.opportunity.name,
    assigned_to: data.owner_id,
    account_id: data.account.id,
    amount: data.opportunity.amount,
    currency: data.opportunity.currency,
  });
  if (opportunity.inserted) await publishRecords(manager, opportunityKind, 'created', event.actor, [opportunity.record]);
}
