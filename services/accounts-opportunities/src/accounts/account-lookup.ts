import { lookupRoutes, recordEventData, type DataSource } from '@crm/shared';
import { findRecords } from '../records/record-table';
import { accountViews } from './account-view';
import { ACCOUNTS } from './accounts.repository';

/** The owner's lookup of accounts (DESIGN §1), for the contacts service's replica behind its events. */
export const accountLookupRoutes = (dataSource: DataSource) =>
  lookupRoutes({
    type: 'account',
    dataSource,
    async find(db, tenantId, ids) {
      const accounts = await findRecords(db, ACCOUNTS, tenantId, ids);
      const views = await accountViews(db, tenantId, accounts);
      return accounts.map((account, index) => recordEventData(views[index]!, account.version));
    },
  });
