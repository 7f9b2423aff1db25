import { type Caller, type Db } from '@crm/platform';
import { amountSchema, dateSchema, idSchema, namedRefSchema, namesAsSeenBy, recordViewSchema, recordViews, type ColumnsView, type NamedRef } from '@crm/records';
import { z } from 'zod';
import { OPPORTUNITY_STAGES } from './opportunities.schemas';
import { accountOwnership, accountRefs } from '../accounts/accounts.repository';
import { OPPORTUNITIES, type OpportunityRecord, type OpportunityValues } from './opportunities.repository';

/** An opportunity as the API shows it (api-contract §3): its values, and its account as `{id, name}` beside `account_id`. */
export type OpportunityView = ColumnsView<OpportunityValues> & {
  /** Its name is null for a reader who may not open the account (`opportunitiesAsSeenBy`). */
  account: NamedRef | null;
};

/** `OpportunityView` as the API documents it. */
export const opportunityViewSchema = recordViewSchema({
  name: z.string(),
  account_id: idSchema.nullable(),
  contact_ids: z.array(idSchema),
  lead_id: idSchema.nullable(),
  amount: amountSchema.nullable(),
  currency: z.string(),
  stage: z.enum(OPPORTUNITY_STAGES),
  probability: z.int().nullable(),
  close_date: dateSchema.nullable(),
  account: namedRefSchema.nullable(),
});

export async function opportunityViews(db: Db, tenantId: string, opportunities: OpportunityRecord[]): Promise<OpportunityView[]> {
  const accounts = await accountRefs(db, tenantId, opportunities.map((opportunity) => opportunity.values.account_id));
  return recordViews<OpportunityValues, OpportunityView>(db, OPPORTUNITIES, tenantId, opportunities, {
    add: ({ values }) => ({ account: values.account_id === null ? null : (accounts.get(values.account_id) ?? null) }),
  });
}

/** The views as `reader` may see them: an account they may not open shows its id, not its name (api-contract §2). */
export const opportunitiesAsSeenBy = (db: Db, reader: Caller, views: OpportunityView[]): Promise<OpportunityView[]> =>
  namesAsSeenBy(reader, views, 'account', (ids) => accountOwnership(db, reader.tenantId, ids));
