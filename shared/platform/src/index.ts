/**
 * @crm/platform: what other packages may use of the platform (HTTP, messaging, database, config, errors,
 * tracing, metrics, the service runtime), and nothing else. A name goes here when another package needs
 * it; everything not listed is the package's own business (docs/architecture.md §1).
 */
export { type Caller, hasSalesAccess, isAdmin, type Role } from './auth-context/caller';
export { ExpiringCache } from './auth-context/expiring-cache';
export { callerOf, INTERNAL_TOKEN_HEADER, mintInternalToken, verifyInternalToken } from './auth-context/internal-token';
export { assertProductionSafe, commonConfig, type CommonConfig, ConfigError, DEV_INTERNAL_TOKEN_SECRET, duration, internalTokenSecrets, isPublishedSecret, jwtConfig, loadConfig, optionalUrl, port, tracingConfig } from './config/config';
export { batchedLookup } from './database/batched-lookup';
export { type DataSource, type EntityManager, ensureDatabaseExists, isCheckViolation, isUniqueViolation, MIGRATION_CONNECTIONS, openServiceDatabase, type SqlMigration } from './database/database';
export { ENSURE_BTREE_GIN, ENSURE_PG_TRGM } from './database/extensions';
export { NotificationListener } from './database/notification-listener';
export { mapPageRows, type PageRows, type PageWindow, readPageRows } from './database/page-rows';
export { readInOneSnapshot, readListPage, readPageInOneSnapshot } from './database/page-snapshot';
export { queryPrepared } from './database/prepared-query';
export { type Db, queryOne, queryRows } from './database/sql';
export { readSqlMigrations } from './database/sql-migration-files';
export { AppError, ConflictError, type FieldErrors, ForbiddenError, MethodNotAllowedError, NotFoundError, PayloadTooLargeError, RefusedReferencesError, ServiceUnavailableError, TooManyRequestsError, UnauthorizedError, UnprocessableError, ValidationError } from './errors/app-error';
export { fieldErrorsFromZod, validationErrorFromZod } from './errors/zod-errors';
export { accessLog } from './http/access-log';
export { pathSegments, registeredRoutes, spellsSegments } from './http/canonical-paths';
export { answerCreated, inPostedCollection } from './http/created';
export { requireCurrentVersion, withVersion } from './http/entity-tags';
export { errorHandler } from './http/error-handler';
export { amountField, currencyField, emailField, idParam, nonBlankText, optionalEmail, optionalText, readOnlyFields, requiredOr, tagsField } from './http/fields';
export { healthRouter, type HealthState } from './http/health';
export { INTERNAL_PATH_PREFIX } from './http/internal-routes';
export { containsPattern, orderingParam, recordListParams } from './http/list-params';
export { DEFAULT_PAGE_SIZE, type ListPage, pageEnvelope, pageRequest, type PageRequest, paginationQuery, publicUrl } from './http/pagination';
export { isRealDate, isUuid, timestampLowerBound, timestampUpperBound, uuidParam } from './http/query-params';
export { rateLimitHeaders } from './http/rate-limit-headers';
export { currentRequestId, REQUEST_ID_HEADER, requestIdMiddleware } from './http/request-context';
export { listen, type RunningServer } from './http/server';
export { createServiceApp } from './http/service-app';
export { receiveSingleFile, UploadRefusedError } from './http/single-file-upload';
export { parseBody, parseQuery } from './http/validation';
export { besideTheWrite, REPLAYED_HEADER, takeUploadKey } from './idempotency/idempotent-requests';
export { closeInOrder, exitOnSignal } from './lifecycle/shutdown';
export { createLogger, type Logger } from './logging/logger';
export { Broker } from './messaging/broker';
export { changeStreamArguments, DEFAULT_CHANGE_STREAM_RETENTION, readChangeStream, type StreamedChange, type StreamPosition } from './messaging/change-stream';
export { EventConsumer } from './messaging/consumer';
export { createEvent, type CrmEvent, type EventActor, parseEvent } from './messaging/envelope';
export { embeddedBusJournal, inProcessBus, topicMatches } from './messaging/in-process-bus';
export { consumedEvents, type ConsumedEvents, type IntegrationEventHandler, type PublishedEvent, type Subscriptions } from './messaging/integration-events';
export { enqueueEvent, enqueueEvents } from './messaging/outbox';
export { OutboxRelay } from './messaging/outbox-relay';
export { topologyNames } from './messaging/topology';
export { expressRouteLabel, httpMetrics, type RouteLabel } from './metrics/http-metrics';
export { createMetricsRegistry } from './metrics/metrics-registry';
export { metricsRouter } from './metrics/metrics.routes';
export { type ApiOperation, type ApiResponseDoc, ERROR_RESPONSES } from './openapi/api-operation';
export { callService, type ServiceAddress, ServiceCallFailedError, serviceUrlSetting, serviceUrlSettingName } from './service/service-calls';
export { type AnyServiceDefinition, type PlatformDeps, publishesEvents, type ServiceDefinition, type ServiceDeps, type ServiceExtension, defineService } from './service/service-definition';
export { migrateService, type RunningService, runServiceMain, startService } from './service/start-service';
export { drainedOrClosed } from './streams/drained';
export { carryTraceContext, traceHeaders } from './tracing/trace-context';
export { Tracing } from './tracing/tracing';
