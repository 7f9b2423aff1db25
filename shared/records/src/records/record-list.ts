import { visibleRecordsCondition } from './record-ownership';
import { type Caller } from '@crm/platform';
import type { EntityCustomFields } from '../custom-fields';
import type { Db } from '@crm/platform';
import { containsPattern } from '@crm/platform';
import { phoneDigitsSql, type ListFilterSql, type ListOrder } from './record-table';

/** The query parameters every entity's list takes (`search`, `tags`, `created_at` and `updated_at` bounds). */
export interface RecordListQuery {
  search?: string;
  tags?: string[];
  created_at__gte?: string;
  created_at__lte?: string;
  updated_at__gte?: string;
  updated_at__lte?: string;
  ordering?: string;
}

/**
 * A list's WHERE clause, built up filter by filter. It starts from what the caller may open, so a
 * member never sees, nor counts, a record they could not open, whatever else the query asks.
 */
export class ListFilter implements ListFilterSql {
  readonly params: unknown[] = [];
  readonly conditions: string[];
  readonly implied: string[] = [];
  readonly createdBetween: NonNullable<ListFilterSql['createdBetween']> = [];
  readonly tenantId: string;
  /** The parameter holding the tenant. */
  private readonly tenantParam: string;
  /** Set by any condition but who may open a record, who owns it and the totals' key columns (see `countsFromTotals`). */
  private narrowed = false;

  /** `ownerColumn`: the table's owner column, which with `created_by` says who may open a record. */
  constructor(
    caller: Caller,
    private readonly ownerColumn: string,
  ) {
    this.conditions = [visibleRecordsCondition(caller, ownerColumn, this.params)];
    this.tenantId = caller.tenantId;
    this.tenantParam = `$${this.params.indexOf(caller.tenantId) + 1}`;
  }

  /**
   * True when only the tenant, who may open a record, its owner and the totals' key columns restrict the
   * list: its count is then a sum of the table's totals (`recordTotalsSql`), whatever the tenant's size.
   */
  get countsFromTotals(): boolean {
    return !this.narrowed;
  }

  /** Adds `sql` with each `?` standing for `value`; nothing when the value is absent. */
  where(sql: string, value: unknown): this {
    if (value === undefined) return this;
    this.narrowed = true;
    return this.condition(sql, value);
  }

  /** The owner filter (`assigned_to=`, or `owner=`): totals count it too. */
  ownedBy(profileId: string | undefined): this {
    return this.totalled(`${this.ownerColumn} = ?`, profileId);
  }

  /** A condition on the key columns the table's totals are kept by (a `status`): totals count it too. */
  totalled(sql: string, value: unknown): this {
    return value === undefined ? this : this.condition(sql, value);
  }

  private condition(sql: string, value: unknown): this {
    this.params.push(value);
    this.conditions.push(sql.replaceAll('?', `$${this.params.length}`));
    return this;
  }

  /**
   * The filters every entity has. `search` looks in the table's generated, lower-cased `search_text`; a
   * search that is a phone number (digits, maybe with spaces, dashes, dots, brackets or a plus) also
   * finds the table's `phone` by its digits, however either was typed.
   */
  common(query: RecordListQuery, phone?: string): this {
    this.where('tags && ?::text[]', query.tags)
      .where('created_at >= ?', query.created_at__gte)
      .where('created_at <= ?', query.created_at__lte)
      .where('updated_at >= ?', query.updated_at__gte)
      .where('updated_at <= ?', query.updated_at__lte);
    if (!query.search) return this;
    const digits = phone === undefined ? undefined : phoneDigitsOf(query.search);
    if (digits === undefined) return this.where('search_text LIKE ?', containsPattern(query.search));
    this.narrowed = true;
    this.params.push(containsPattern(query.search), `%${digits}%`);
    this.conditions.push(`(search_text LIKE $${this.params.length - 1} OR ${phoneDigitsSql(phone!)} LIKE $${this.params.length})`);
    return this;
  }

  /** The `cf_<key>` filters, typed by the tenant's definitions of the entity (400 on a bad one). */
  async customFields(db: Db, customFields: EntityCustomFields, tenantId: string, params: Record<string, unknown>): Promise<this> {
    const custom = await customFields.listConditions(db, tenantId, params, { first: this.params.length + 1, tenant: this.tenantParam });
    if (custom.conditions.length > 0) this.narrowed = true;
    this.conditions.push(...custom.conditions);
    this.implied.push(...custom.implied);
    this.createdBetween.push(...custom.createdBetween);
    this.params.push(...custom.params);
    return this;
  }
}

/** `-field` is descending; the default order is newest first. */
export function orderOf<F extends string>(ordering: string | undefined): ListOrder<F> {
  const value = ordering ?? '-created_at';
  return { field: value.replace(/^-/, '') as F, descending: value.startsWith('-') };
}

/** The digits of a search that reads as a phone number (four digits or more, only phone punctuation besides). */
export function phoneDigitsOf(search: string): string | undefined {
  if (!/^[+\d\s().\-/]+$/.test(search)) return undefined;
  const digits = search.replace(/\D/g, '');
  return digits.length >= 4 ? digits : undefined;
}
