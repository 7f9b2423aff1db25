import { defineService, type EventHandler } from '@crm/platform';
import { applyProfileEvent, asEventData, changedRowsRetention, CONTACT_MERGED, convertingLookupRoutes, findRecords, lookupRoutes, PROFILE_EVENT_TYPES, profileReplica, replicatedRecords } from '@crm/records';
import { Router } from 'express';
import { leadsConfig } from './config';
import { CONVERTED_RECORD_EVENTS, onContactMerged, onConvertedRecordCreated } from './conversion/conversion.consumer';
import { conversionComplete, recordsStillConverting } from './conversion/conversion.repository';
import { ConversionWaiter } from './conversion/conversion-waiter';
import { leadDuplicatesOperations, leadDuplicatesRoutes } from './duplicates/lead-duplicates';
import { leadImportExportRoutes } from './import-export/lead-import-export';
import { leadViews } from './leads/lead-view';
import { LEADS } from './leads/leads.repository';
import { leadOperations, leadsRoutes } from './leads/leads.routes';
import { leadMergeOperation, leadMergeRoutes } from './merge/lead-merge';
import { leadsMigrations } from './migrations';
import { submissionOperations, submissionRoutes } from './submissions/submissions.routes';
import { webFormOperations, webFormRoutes } from './web-forms/web-forms.routes';

const SCHEMA = 'leads';

/** What leads consumes: the profiles replica, the records its conversions created, and merges of those contacts. */
const HANDLERS: Record<string, EventHandler> = {
  ...Object.fromEntries(PROFILE_EVENT_TYPES.map((type) => [type, (event, manager) => applyProfileEvent(manager, event)])),
  ...Object.fromEntries(Object.keys(CONVERTED_RECORD_EVENTS).map((type) => [type, onConvertedRecordCreated])),
  [CONTACT_MERGED]: onContactMerged,
};

const onEvent: EventHandler = async (event, manager) => {
  await HANDLERS[event.type]?.(event, manager);
};

/** Leads, their tags, custom fields, notes and files, their conversion, and the web forms that post them (architecture §1, api-contract §3, §4, §8). */
export const leadsService = defineService({
  name: 'leads',
  schema: SCHEMA,
  defaultPort: 8082,
  config: leadsConfig,
  migrations: leadsMigrations,
  publishesEvents: true,
  extension: replicatedRecords([profileReplica]),
  consumes: { bindings: Object.keys(HANDLERS), handler: () => onEvent },
  routes: async (deps) => {
    const waiter = new ConversionWaiter({
      databaseUrl: deps.config.DATABASE_URL,
      schema: SCHEMA,
      logger: deps.logger,
      isComplete: (leadId) => conversionComplete(deps.dataSource.manager, leadId),
    });
    await waiter.start();
    deps.onStop(() => waiter.stop());
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
        // ... and about the records a conversion handed out ids for and is still making.
        .use(convertingLookupRoutes({ dataSource: deps.dataSource, find: recordsStillConverting }))
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
