import { readInOneSnapshot, requireSalesAccess, visibleRecordsCondition, type Caller, type CustomFieldDefinitionView, type PageRequest, containsPattern } from '@crm/shared';
import type { ContactsDeps } from '../contacts-deps';
import { contactCustomFields } from '../custom-fields/contact-custom-fields';
import { openContact } from './contact-access';
import { contactAsSeenBy, contactsAsSeenBy, contactViewOf, contactViews, type ContactView } from './contact-view';
import { countContacts, listContacts, type ContactListFilter, type ContactOrder } from './contacts.repository';
import type { ContactListQuery, ContactOrderingField } from './contacts.schemas';

/** The detail GET: the contact and the tenant's contact custom-field definitions, to render its form. */
export async function getContact(
  deps: ContactsDeps,
  caller: Caller,
  id: string,
): Promise<ContactView & { custom_field_definitions: CustomFieldDefinitionView[] }> {
  // One snapshot: the contact and the account name it shows agree (a rename touches both at once).
  return readInOneSnapshot(deps.dataSource, async (db) => {
    const contact = await openContact(db, caller, id);
    const view = await contactAsSeenBy(db, caller, await contactViewOf(db, contact));
    return { ...view, custom_field_definitions: await contactCustomFields.definitions(db, caller.tenantId) };
  });
}

/** The list's filters as SQL, starting from what the caller may open (a member never sees, nor counts, others'). */
export async function listFilter(
  deps: Pick<ContactsDeps, 'dataSource'>,
  caller: Caller,
  query: ContactListQuery,
  cfParams: Record<string, unknown>,
): Promise<ContactListFilter> {
  const params: unknown[] = [];
  const conditions = [visibleRecordsCondition(caller, 'owner_id', params)];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (query.account) add('account_id = ?', query.account);
  if (query.owner) add('owner_id = ?', query.owner);
  if (query.tags) add('tags && ?::text[]', query.tags);
  if (query.created_at__gte) add('created_at >= ?', query.created_at__gte);
  if (query.created_at__lte) add('created_at <= ?', query.created_at__lte);
  if (query.search) add('search_text LIKE ?', containsPattern(query.search));
  const custom = await contactCustomFields.listConditions(deps.dataSource.manager, caller.tenantId, cfParams, params.length + 1);
  conditions.push(...custom.conditions);
  params.push(...custom.params);
  return { conditions, params };
}

/** The list's `ordering` (default: newest first). */
export function orderOf(query: ContactListQuery): ContactOrder {
  const ordering = query.ordering ?? '-created_at';
  return { field: ordering.replace(/^-/, '') as ContactOrderingField, descending: ordering.startsWith('-') };
}

export async function findContacts(
  deps: ContactsDeps,
  caller: Caller,
  query: ContactListQuery,
  cfParams: Record<string, unknown>,
  page: PageRequest,
): Promise<{ count: number; results: ContactView[] }> {
  requireSalesAccess(caller);
  const filter = await listFilter(deps, caller, query, cfParams);
  const order = orderOf(query);
  // One snapshot: the count, the page and the names its views show.
  return readInOneSnapshot(deps.dataSource, async (db) => {
    const count = await countContacts(db, filter);
    const contacts = await listContacts(db, filter, order, { offset: page.offset, limit: page.pageSize });
    return { count, results: await contactsAsSeenBy(db, caller, await contactViews(db, caller.tenantId, contacts)) };
  });
}
