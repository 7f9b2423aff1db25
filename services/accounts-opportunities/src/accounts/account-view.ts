import { type Db } from '@crm/platform';
import { recordViewSchema, recordViews, textOrNullSchema, type ColumnsView } from '@crm/records';
import { z } from 'zod';
import { ACCOUNTS, type AccountRecord, type AccountValues } from './accounts.repository';

/** An account as the API shows it (api-contract §3): its values under their names. */
export type AccountView = ColumnsView<AccountValues>;

/** `AccountView` as the API documents it. */
export const accountViewSchema = recordViewSchema({
  name: z.string(),
  industry: textOrNullSchema,
  website: textOrNullSchema,
  email: textOrNullSchema,
  phone: textOrNullSchema,
  billing_city: textOrNullSchema,
  billing_country: textOrNullSchema,
});

export const accountViews = (db: Db, tenantId: string, accounts: AccountRecord[]): Promise<AccountView[]> =>
  recordViews<AccountValues, AccountView>(db, ACCOUNTS, tenantId, accounts);
