import { visibleRecordsCondition, type Caller } from '../auth-context';
import type { EntityCustomFields } from '../custom-fields';
import type { Db } from '../database';
import { containsPattern } from '../http/list-params';
import type { ListFilterSql, ListOrder } from './record-table';

/** The query parameters every entity's list takes (`search`, `tags`, `created_at` bounds). */
export interface RecordListQuery {
  search?: string;
  tags?: string[];
  created_at__gte?: string;
  created_at__lte?: string;
  ordering?: string;
}

/**
 * A list's WHERE clause, built up filter by filter. It starts from what the caller may open, so a
 * member never sees, nor counts, a record they could not open, whatever else the query asks.
 */
export class ListFilter implements ListFilterSql {
  readonly params: unknown[] = [];
  readonly conditions: string[];

  /** `ownerColumn`: the table's owner column, which with `created_by` says who may open a record. */
  constructor(caller: Caller, ownerColumn: string) {
    this.conditions = [visibleRecordsCondition(caller, ownerColumn, this.params)];
  }

  /** Adds `sql` with each `?` standing for `value`; nothing when the value is absent. */
  where(sql: string, value: unknown): this {
    if (value === undefined) return this;
    this.params.push(value);
    this.conditions.push(sql.replaceAll('?', `$${this.params.length}`));
    return this;
  }

  /** The filters every entity has; `search` looks in the table's generated, lower-cased `search_text`. */
  common(query: RecordListQuery): this {
    return this.where('tags && ?::text[]', query.tags)
      .where('created_at >= ?', query.created_at__gte)
      .where('created_at <= ?', query.created_at__lte)
      .where('search_text LIKE ?', query.search ? containsPattern(query.search) : undefined);
  }

  /** The `cf_<key>` filters, typed by the tenant's definitions of the entity (400 on a bad one). */
  async customFields(db: Db, customFields: EntityCustomFields, tenantId: string, params: Record<string, unknown>): Promise<this> {
    const custom = await customFields.listConditions(db, tenantId, params, this.params.length + 1);
    this.conditions.push(...custom.conditions);
    this.params.push(...custom.params);
    return this;
  }
}

/** `-field` is descending; the default order is newest first. */
export function orderOf<F extends string>(ordering: string | undefined): ListOrder<F> {
  const value = ordering ?? '-created_at';
  return { field: value.replace(/^-/, '') as F, descending: value.startsWith('-') };
}
