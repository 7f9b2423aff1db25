import { consumedEvents, defineService } from '@crm/platform';
import { asEventData, changedRowsRetention, entityQuotaCounters, findRecords, handedOutLookupRoutes, lookupRoutes, profileReplica, replicatedRecords, tenantUsageRoutes } from '@crm/records';
import { Router } from 'express';
import { leadsConfig } from './config';
import { ConversionWaiter } from './conversion/conversion-waiter';
import { conversionCompleted, CONVERSIONS_IN_FLIGHT_PATH, recordsBeingMade } from './conversion/lead-conversions.repository';
import { leadDuplicatesOperations, leadDuplicatesRoutes } from './duplicates/lead-duplicates';
import { leadImportExportRoutes } from './import-export/lead-import-export';
import { PUBLISHED_EVENTS } from './integration-events/published-events';
import { runLeadReassignments } from './integration-events/reassignment-requested.handler';
import { SUBSCRIPTIONS } from './integration-events/subscriptions';
import { PUBLISHERS } from './integration-events/publishers';
import { leadKind } from './leads/lead-kind';
import { leadViews } from './leads/lead-view';
import { LEADS } from './leads/leads.repository';
import { leadOperations, leadsRoutes } from './leads/leads.routes';
import { leadMergeOperation, leadMergeRoutes } from './merge/lead-merge';
import { leadsMigrations } from './migrations';
import { submissionOperations, submissionRoutes } from './submissions/submissions.routes';
import { WEB_FORMS_QUOTA } from './web-forms/manage-web-forms';
import { webFormOperations, webFormRoutes } from './web-forms/web-forms.routes';

const SCHEMA = 'leads';

/** Leads, their tags, custom fields, notes and files, their conversion, and the web forms that post them (architecture §1, api-contract §3, §4, §8). */
export const leadsService = defineService({
  name: 'leads',
  // Import-export its bulk endpoints; contacts and accounts-opportunities its lookups (leads, ids handed out by conversions); auth its tenant usage.
  calledBy: ['accounts-opportunities', 'auth', 'contacts', 'import-export'],
  // Web forms are managed with the leads scopes (api-contract §8).
  scopes: { leads: 'leads', 'web-forms': 'leads' },
  schema: SCHEMA,
  defaultPort: 8082,
  config: leadsConfig,
  migrations: leadsMigrations,
  publishes: PUBLISHED_EVENTS,
  extension: replicatedRecords([profileReplica]),
  consumes: consumedEvents(SUBSCRIPTIONS, PUBLISHERS),
  routes: async (deps) => {
    const waiter = new ConversionWaiter({
      databaseUrl: deps.config.DATABASE_URL,
      schema: SCHEMA,
      logger: deps.logger,
      isComplete: (leadId) => conversionCompleted(deps.dataSource.manager, leadId),
    });
    waiter.start();
    deps.onStop(() => waiter.stop());
    runLeadReassignments(deps);
    return (
      Router()
        // Before `/api/leads/:id/`, so `duplicates` is never read as a lead id.
        .use(leadDuplicatesRoutes(deps))
        .use(leadMergeRoutes(deps))
        .use(leadImportExportRoutes(deps))
        .use(webFormRoutes(deps))
        .use(submissionRoutes(deps))
        // Accounts-opportunities asking about leads its replica has not heard of yet (architecture §1).
        .use(lookupRoutes({ type: 'lead', dataSource: deps.dataSource, find: asEventData((db, tenantId, ids) => findRecords(db, LEADS, tenantId, ids), leadViews) }))
        // ... and about the ids a conversion handed out whose records are still being made.
        .use(handedOutLookupRoutes({ path: CONVERSIONS_IN_FLIGHT_PATH, dataSource: deps.dataSource, find: recordsBeingMade }))
        // Auth asking what the tenant holds here, for GET /api/auth/tenant/usage/ (docs/security.md §10.5).
        .use(tenantUsageRoutes({ dataSource: deps.dataSource, quotas: deps.quotas, counters: [...entityQuotaCounters(leadKind), WEB_FORMS_QUOTA] }))
        // With the custom-field routes first, so `custom-fields` is never read as a lead id.
        .use(leadsRoutes(deps, { waiter, waitMs: deps.config.CONVERSION_WAIT_MS }))
    );
  },
  retention: ({ dataSource }) => changedRowsRetention(dataSource.manager, ['leads']),
  api: [
    ...leadDuplicatesOperations,
    leadMergeOperation,
    ...leadOperations,
    ...webFormOperations,
    ...submissionOperations,
  ],
});
