import { readPageInOneSnapshot, requireSalesAccess, visibleRecordsCondition, type Caller, type CustomFieldDefinitionView, type PageRequest, containsPattern } from '@crm/shared';
import type { LeadsDeps } from '../leads-deps';
import { leadCustomFields } from '../custom-fields/lead-custom-fields';
import { openLeadForDetail } from './lead-access';
import { leadView, leadViews, type LeadView } from './lead-view';
import { countLeads, listLeads, type LeadListFilter, type LeadOrder } from './leads.repository';
import type { LeadListQuery, LeadOrderingField } from './leads.schemas';

/** The detail GET: the lead and the tenant's lead custom-field definitions, to render its form (one query). */
export async function getLead(
  deps: LeadsDeps,
  caller: Caller,
  id: string,
): Promise<LeadView & { custom_field_definitions: CustomFieldDefinitionView[] }> {
  const { lead, owner, definitions } = await openLeadForDetail(deps.dataSource, caller, id);
  return { ...leadView(lead, owner), custom_field_definitions: definitions };
}

/** The list's filters as SQL, starting from what the caller may open (a member never sees, nor counts, others'). */
export async function listFilter(deps: Pick<LeadsDeps, 'dataSource'>, caller: Caller, query: LeadListQuery, cfParams: Record<string, unknown>): Promise<LeadListFilter> {
  const params: unknown[] = [];
  const conditions = [visibleRecordsCondition(caller, 'assigned_to', params)];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (query.status) add('status = ANY(?::text[])', query.status);
  if (query.source) add('source = ANY(?::text[])', query.source);
  if (query.assigned_to) add('assigned_to = ?', query.assigned_to);
  if (query.tags) add('tags && ?::text[]', query.tags);
  if (query.created_at__gte) add('created_at >= ?', query.created_at__gte);
  if (query.created_at__lte) add('created_at <= ?', query.created_at__lte);
  if (query.search) add(`search_text LIKE ?`, containsPattern(query.search));
  const custom = await leadCustomFields.listConditions(deps.dataSource.manager, caller.tenantId, cfParams, params.length + 1);
  conditions.push(...custom.conditions);
  params.push(...custom.params);
  return { conditions, params };
}

/** The list's `ordering` (default: newest first). */
export function orderOf(query: LeadListQuery): LeadOrder {
  const ordering = query.ordering ?? '-created_at';
  return { field: ordering.replace(/^-/, '') as LeadOrderingField, descending: ordering.startsWith('-') };
}

export async function findLeads(
  deps: LeadsDeps,
  caller: Caller,
  query: LeadListQuery,
  cfParams: Record<string, unknown>,
  page: PageRequest,
): Promise<{ count: number; results: LeadView[] }> {
  requireSalesAccess(caller);
  const filter = await listFilter(deps, caller, query, cfParams);
  const order = orderOf(query);
  const { count, rows } = await readPageInOneSnapshot(deps.dataSource, {
    count: (db) => countLeads(db, filter),
    rows: (db) => listLeads(db, filter, order, { offset: page.offset, limit: page.pageSize }),
  });
  return { count, results: await leadViews(deps.dataSource.manager, caller.tenantId, rows) };
}
