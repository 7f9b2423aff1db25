import { ownedView, ownersOf, type Db, type OwnedView } from '@crm/shared';
import { ACCOUNTS, type AccountRecord } from './accounts.repository';

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

export async function accountViews(db: Db, tenantId: string, accounts: AccountRecord[]): Promise<AccountView[]> {
  const owners = await ownersOf(db, ACCOUNTS, tenantId, accounts);
  return accounts.map((account) => {
    const { values } = account;
    return {
      id: account.id,
      name: values.name,
      industry: values.industry,
      website: values.website,
      email: values.email,
      phone: values.phone,
      billing_city: values.billing_city,
      billing_country: values.billing_country,
      ...ownedView(account, owners.get(values.assigned_to)!),
    };
  });
}
