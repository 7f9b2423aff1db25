import { callerOf, ForbiddenError, isAdmin, pageEnvelope, pageRequest, parseQuery, readListPage, type ApiOperation, type DataSource } from '@crm/platform';
import { pageSchema } from '@crm/records';
import { Router } from 'express';
import { auditLogQuery } from './audit-log.schemas';
import { auditEntrySchema, countAuditEntries, listAuditEntries, type AuditFilter } from './audit-log.repository';

/** `GET /api/audit-logs/`: the tenant's log, admins with `audit:read` only, newest first by default. */
export function auditLogRoutes(dataSource: DataSource): Router {
  const router = Router();
  router.get('/api/audit-logs/', async (req, res) => {
    const caller = callerOf(req);
    if (!isAdmin(caller) || !caller.scopes.includes('audit:read')) throw new ForbiddenError();
    const query = parseQuery(req, auditLogQuery);
    const page = pageRequest(req, query);
    const filter: AuditFilter = {
      tenantId: caller.tenantId,
      recordId: query.record_id,
      type: query.type,
      createdFrom: query.created_at__gte,
      createdTo: query.created_at__lte,
    };
    const ascending = query.ordering === 'time' || query.ordering === 'created_at';
    const list = await readListPage(
      dataSource,
      page,
      { count: (db) => countAuditEntries(db, filter), rows: (db, window) => listAuditEntries(db, filter, ascending, window) },
      (entry) => entry,
    );
    res.json(pageEnvelope(req, page, list));
  });
  return router;
}

export const auditLogOperation: ApiOperation = {
  method: 'get',
  path: '/api/audit-logs/',
  tag: 'Audit',
  summary: "The tenant's audit log",
  description: 'Admins with the `audit:read` scope. One entry per event (record changes, merges, profiles), newest first unless `ordering=time`.',
  query: auditLogQuery,
  responses: { 200: { description: 'A page of audit entries.', schema: pageSchema(auditEntrySchema) } },
};
