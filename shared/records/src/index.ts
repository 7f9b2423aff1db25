/**
 * @crm/records: what other packages may use of what every record shares (its table, list, views, access
 * rules, custom fields, notes and files, duplicates, merges, imports, exports, replicas), and nothing else.
 * A name goes here when another package needs it (docs/architecture.md §1).
 */
export { type CustomFieldDefinitionView, type CustomFieldRule } from './custom-fields/custom-field-definition';
export { acceptedCustomFieldValues } from './custom-fields/custom-field-values';
export { loadDefinitions } from './custom-fields/custom-fields.repository';
export { type EntityCustomFields, entityCustomFields } from './custom-fields/entity-custom-fields';
export { duplicateCheckBody } from './duplicates/duplicate-check';
export { displayName, duplicateCriteria, phoneKey } from './duplicates/duplicate-criteria';
export { type DuplicateTable } from './duplicates/duplicate-search';
export { type DuplicateChecks, duplicatesOperations, duplicatesRoutes } from './duplicates/duplicates.routes';
export { deletedRecordOf } from './events/record-deleted';
export { recordMergedData } from './events/record-merged';
export { recordEventTypes, recordMergedEvent, recordPublishedEvents } from './events/record-published-events';
export { CUSTOM_FIELD_COLUMN_PREFIX, customValue, type ImportColumns, LIST_SEPARATOR, readHeader, rowErrorsFrom, rowInput } from './import-export/import-columns';
export { importCreated, type ImportEntity, importRefused, importReport, type ImportRowError, type ImportRows, internalImportPaths, MAX_IMPORT_BYTES, MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './import-export/import-contract';
export { restoredCell } from './import-export/write-csv';
export { createOneRecord, type RecordImporter } from './import-export/record-import';
export { type MergeableEntity } from './merge/merge-records';
export { mergeValues } from './merge/merge-values';
export { mergeOperations, mergeRoutes } from './merge/merge.routes';
export { amountSchema, dateSchema, idSchema, namedRefSchema, pageSchema, profileRefSchema, textOrNullSchema, timestampSchema } from './openapi/answer-schemas';
export { applyProfileEvent, NOT_A_MEMBER, profileBelongsToTenant, type ProfileRef, profileRefs, profileReplica, rememberProfileAhead, requireOwnerInTenant } from './profile-replica/profile-replica';
export { MAX_ATTACHMENT_BYTES, storedFilename } from './record-notes/attachment-upload';
export { REASSIGNMENT_REQUESTED, reassignmentRequestedData, type ReassignmentRequestedData, recordsReassignedData, type RecordsReassignedData, recordsReassignedEvent, recordsReassignedType } from './reassignment/reassignment-events';
export { acceptReassignment, reassignedCollection, RecordReassignments, runRecordReassignments } from './reassignment/record-reassignments';
export { openRecord, ownershipOf } from './records/record-access';
export { changedRowsRetention } from './records/record-counts';
export { recordCreation } from './records/record-creation';
export { recordImportExport } from './records/record-import-export';
export { type ChangeContext, ownerToCheck, publishRecords, type RecordKind, requireOwnerMember } from './records/record-kind';
export { type RecordListQuery } from './records/record-list';
export { checkAssignment, openedOrNotFound, requireSalesAccess } from './records/record-ownership';
export { recordKindOperations, recordRoutes } from './records/record-routes';
export { type BodyInput, choice, choicesFilter, COMMON_SERVER_FIELDS, dateBound, idField, listQuery, NAME_MAX, optionalDate, optionalHttpUrl, optionalReference, PHONE_MAX, recordBody, requiredText } from './records/record-schemas';
export { type AssignedValues, changeReferenceHoldersOf, dropReference, type ExportedRecord, findRecord, findRecords, insertRecord, insertRecords, type NewRecord, type OwnedValues, recordFromRow, recordOpenable, recordSelectList, type RecordTable, type ReferenceColumn, replaceReference, type StoredRecord, touchRecords, updateRecord } from './records/record-table';
export { changeRecord, ensureReferences, valuesForChange } from './records/record-use-cases';
export { type ColumnsView, recordView, type RecordViewEnd, recordViews, recordViewSchema } from './records/record-view';
export { asEventData, handedOutLookupRoutes, lookupRoutes, OwnerLookup } from './replicas/owner-lookup';
export { type HeldRecord, type NamedRef, namesAsSeenBy, refusedIds, type Replica, type ReplicaChange } from './replicas/replica';
export { replicaStore, type ReplicaStore, replicatedRecordOf, VERSION_AHEAD } from './replicas/replica-store';
export { type IdsHandedOutAhead, type RecordDeps, type RecordServiceDeps, replicatedRecords, replicatedRecordsOf } from './replicas/replica-settings';
export { type NamedReferences } from './replicas/replicated-references';
export { DEFAULT_TENANT_QUOTAS, entityQuotaCounters, parseQuotaAmount, type QuotaCounter, QuotaExceededError, type QuotaLimits, setTenantQuota, SHARED_QUOTAS, TenantQuotas, tenantQuotaOverrides, tenantQuotasSetting } from './quotas/tenant-quotas';
export { gatherTenantUsage, tenantUsageRoutes, tenantUsageView, type TenantUsageView } from './quotas/tenant-usage';
