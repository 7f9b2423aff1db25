import { changeReferenceHoldersOf, entityCustomFields, publishRecords } from '@crm/records';
import { OPPORTUNITIES } from '../opportunities/opportunities.repository';
import { opportunityKind } from '../opportunities/opportunities.domain';
import { TASKS } from '../tasks/tasks.repository';
import { taskKind } from '../tasks/tasks.domain';
import { accountViews, type AccountView } from './account-view';
import { accountDefaults, ACCOUNTS, type AccountValues } from './accounts.repository';
import type { AccountListQuery } from './accounts.schemas';
import { serviceKind } from '../records/service-kind';

/** Accounts (api-contract §3): the companies the tenant sells to. Account events feed the contacts service's replica. */
export const accountKind = serviceKind<AccountValues, AccountView, AccountListQuery, 'name'>({
  entity: 'account',
  table: ACCOUNTS,
  customFields: entityCustomFields({ entity: 'account', basePath: '/api/accounts/custom-fields/', recordTable: ACCOUNTS.name }),
  required: ['name'],
  defaults: (owner) => accountDefaults(owner),
  knownReferences: [],
  async checkReferences() {
    // An account points to nothing.
  },
  views: accountViews,
  filters() {
    // Only the common filters.
  },
  /** A new name shows in its opportunities' `account {id, name}`: each changes with it (version, `updated_at`, `opportunity.updated`). */
  async afterChange(manager, context, before, after) {
    if (before.values.name === after.values.name) return;
    const opportunities = await changeReferenceHoldersOf(manager, OPPORTUNITIES, 'account_id', after.tenantId, after.id, context.now, 'touch');
    await publishRecords(manager, opportunityKind, 'updated', context.actor, opportunities);
  },
  /**
   * Its opportunities and tasks stay, without an account: each `account_id` is cleared as a change of
   * that record (version, `updated_at`, `opportunity.updated` / `task.updated`).
   */
  async beforeDelete(manager, context, account) {
    const opportunities = await changeReferenceHoldersOf(manager, OPPORTUNITIES, 'account_id', account.tenantId, account.id, context.now, 'clear');
    await publishRecords(manager, opportunityKind, 'updated', context.actor, opportunities);
    const tasks = await changeReferenceHoldersOf(manager, TASKS, 'account_id', account.tenantId, account.id, context.now, 'clear');
    await publishRecords(manager, taskKind, 'updated', context.actor, tasks);
  },
});
