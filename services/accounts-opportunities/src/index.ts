import { consumedEvents, defineService, type Db } from '@crm/platform';
import { asEventData, changedRowsRetention, entityQuotaCounters, findRecords, lookupRoutes, profileReplica, replicatedRecords, tenantUsageRoutes } from '@crm/records';
import { Router } from 'express';
import { accountViews } from './accounts/account-view';
import { accountKind } from './accounts/accounts.domain';
import { ACCOUNTS } from './accounts/accounts.repository';
import { accountsOperations, accountsRoutes } from './accounts/accounts.routes';
import { accountsOpportunitiesConfig } from './config';
import { PUBLISHED_EVENTS } from './integration-events/published-events';
import { runAccountsOpportunitiesReassignments } from './integration-events/reassignment-requested.handler';
import { SUBSCRIPTIONS } from './integration-events/subscriptions';
import { PUBLISHERS } from './integration-events/publishers';
import { KNOWN_RECORD_REPLICAS } from './known-records/known-records';
import { accountsOpportunitiesMigrations, RECORD_TABLES } from './migrations';
import { opportunityKind } from './opportunities/opportunities.domain';
import { opportunitiesOperations, opportunitiesRoutes } from './opportunities/opportunities.routes';
import { LEAD_CONVERSIONS } from './records/lead-conversions';
import { taskKind } from './tasks/tasks.domain';
import { tasksOperations, tasksRoutes } from './tasks/tasks.routes';

const findAccounts = (db: Db, tenantId: string, ids: readonly string[]) => findRecords(db, ACCOUNTS, tenantId, ids);

/** Accounts, opportunities and tasks, each with tags and custom fields (architecture §1, api-contract §3). */
export const accountsOpportunitiesService = defineService({
  name: 'accounts-opportunities',
  // Contacts asks its account lookup; auth its tenant usage.
  calledBy: ['auth', 'contacts'],
  scopes: { accounts: 'accounts', opportunities: 'opportunities', tasks: 'tasks' },
  schema: 'accounts_opportunities',
  defaultPort: 8084,
  config: accountsOpportunitiesConfig,
  migrations: accountsOpportunitiesMigrations,
  publishes: PUBLISHED_EVENTS,
  // Its records name accounts, contacts and opportunities a lead conversion may still be making (api-contract §4).
  extension: replicatedRecords([profileReplica, ...Object.values(KNOWN_RECORD_REPLICAS)], { idsHandedOutAhead: LEAD_CONVERSIONS }),
  consumes: consumedEvents(SUBSCRIPTIONS, PUBLISHERS),
  routes: (context) => {
    runAccountsOpportunitiesReassignments(context);
    return (
      Router()
        // The contacts service's replica asking about accounts it has not heard of yet (architecture §1).
        .use(lookupRoutes({ type: 'account', dataSource: context.dataSource, find: asEventData(findAccounts, accountViews) }))
        // Auth asking what the tenant holds here, for GET /api/auth/tenant/usage/ (docs/security.md §10.5).
        .use(tenantUsageRoutes({ dataSource: context.dataSource, quotas: context.quotas, counters: [accountKind, opportunityKind, taskKind].flatMap(entityQuotaCounters) }))
        .use(accountsRoutes(context))
        .use(opportunitiesRoutes(context))
        .use(tasksRoutes(context))
    );
  },
  retention: ({ dataSource }) => changedRowsRetention(dataSource.manager, RECORD_TABLES),
  api: [...accountsOperations, ...opportunitiesOperations, ...tasksOperations],
});

export { insertAccount } from './accounts/accounts.repository';
export { insertOpportunity } from './opportunities/opportunities.repository';
