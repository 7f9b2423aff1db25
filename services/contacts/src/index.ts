import { commonConfig, consumedEvents, defineService } from '@crm/platform';
import { asEventData, changedRowsRetention, entityQuotaCounters, findRecords, lookupRoutes, profileReplica, replicatedRecords, tenantUsageRoutes } from '@crm/records';
import { Router } from 'express';
import { accountReplica } from './accounts/account-changes';
import { LEAD_CONVERSIONS } from './accounts/lead-conversions';
import { contactKind } from './contacts/contact-kind';
import { contactViews } from './contacts/contact-view';
import { CONTACTS } from './contacts/contacts.repository';
import { contactOperations, contactsRoutes } from './contacts/contacts.routes';
import { contactDuplicatesOperations, contactDuplicatesRoutes } from './duplicates/contact-duplicates';
import { contactImportExportRoutes } from './import-export/contact-import-export';
import { PUBLISHED_EVENTS } from './integration-events/published-events';
import { runContactReassignments } from './integration-events/reassignment-requested.handler';
import { SUBSCRIPTIONS } from './integration-events/subscriptions';
import { PUBLISHERS } from './integration-events/publishers';
import { contactMergeOperation, contactMergeRoutes } from './merge/contact-merge';
import { contactsMigrations } from './migrations';

/** Contacts, their tags, custom fields, notes and files, and their links to leads (architecture §1, api-contract §3). */
export const contactsService = defineService({
  name: 'contacts',
  // Import-export its bulk endpoints; accounts-opportunities its contact lookup; auth its tenant usage.
  calledBy: ['accounts-opportunities', 'auth', 'import-export'],
  scopes: { contacts: 'contacts' },
  schema: 'contacts',
  defaultPort: 8083,
  config: { ...commonConfig },
  migrations: contactsMigrations,
  publishes: PUBLISHED_EVENTS,
  // A contact's account may be one a lead conversion is still making (api-contract §4).
  extension: replicatedRecords([profileReplica, accountReplica], { idsHandedOutAhead: LEAD_CONVERSIONS }),
  consumes: consumedEvents(SUBSCRIPTIONS, PUBLISHERS),
  routes: (deps) => {
    runContactReassignments(deps);
    return (
      Router()
        .use(contactDuplicatesRoutes(deps))
        .use(contactMergeRoutes(deps))
        .use(contactImportExportRoutes(deps))
        // Another service's replica asking about contacts it has not heard of yet (architecture §1).
        // Auth asking what the tenant holds here, for GET /api/auth/tenant/usage/ (docs/security.md §10.5).
        .use(tenantUsageRoutes({ dataSource: deps.dataSource, quotas: deps.quotas, counters: entityQuotaCounters(contactKind) }))
        .use(lookupRoutes({ type: 'contact', dataSource: deps.dataSource, find: asEventData((db, tenantId, ids) => findRecords(db, CONTACTS, tenantId, ids), contactViews) }))
        // With the custom-field routes first, so `custom-fields` is never read as a contact id.
        .use(contactsRoutes(deps))
    );
  },
  retention: ({ dataSource }) => changedRowsRetention(dataSource.manager, ['contacts']),
  api: [
    ...contactDuplicatesOperations,
    contactMergeOperation,
    ...contactOperations,
  ],
});

/** For the end-to-end suites that set up a replica's or a link's state directly. */
export { upsertAccountReplica } from './accounts/account-replica';
export { linkContactToLead } from './contact-leads/contact-leads.repository';
