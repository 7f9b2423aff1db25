import { recordViews, type ColumnsView, type Db } from '@crm/shared';
import { ACCOUNTS, type AccountRecord, type AccountValues } from './accounts.repository';

/** An account as the API shows it (api-contract §5): its values under their names. */
export type AccountView = ColumnsView<AccountValues>;

export const accountViews = (db: Db, tenantId: string, accounts: AccountRecord[]): Promise<AccountView[]> =>
  recordViews<AccountValues, AccountView>(db, ACCOUNTS, tenantId, accounts);
