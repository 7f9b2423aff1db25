import { recordViews, type Db, type OwnedView } from '@crm/shared';
import { ACCOUNTS, type AccountRecord, type AccountValues } from './accounts.repository';

/** An account as the API shows it (api-contract §5). */
export interface AccountView extends OwnedView {
  id: string;
  name: string;
  industry: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  billing_city: string | null;
  billing_country: string | null;
}

export const accountViews = (db: Db, tenantId: string, accounts: AccountRecord[]): Promise<AccountView[]> =>
  recordViews<AccountValues, AccountView>(db, ACCOUNTS, tenantId, accounts);
