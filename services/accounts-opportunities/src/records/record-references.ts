import { RefusedReferencesError, type Caller, type Db } from '@crm/platform';
import { recordOpenable, refusedIds, type OwnedValues } from '@crm/records';
import { KNOWN_RECORD_REPLICAS, type KnownRecordType } from '../known-records/known-records';
import { referencedIds, type KnownReference } from './known-references';

/**
 * Checks what a record's values point to, field by field, and reports every bad reference in one 400:
 * each must name a record of the tenant the caller may open (api-contract §2), as for a random id otherwise.
 * Only references that change are checked: one the record held already stays valid (a referenced
 * record deleted since has its references cleared by its delete).
 */
export class ReferenceCheck {
  private readonly errors: Record<string, string> = {};
  /** Refused ids of records a lead conversion makes (accounts, opportunities, contacts): asked of leads before the 400. */
  private readonly refusedMaybeHandedOut: string[] = [];

  constructor(
    private readonly db: Db,
    private readonly caller: Caller,
  ) {}

  /** A record of this schema (an account, an opportunity), share-locked until commit so it stays. */
  async inSchema(field: string, what: string, table: { name: string; owner: string }, id: string | null, held: string | null | undefined): Promise<this> {
    if (id !== null && id !== held && !(await recordOpenable(this.db, table, this.caller, id))) {
      this.errors[field] = `No ${what} of this organisation has this id.`;
      this.refusedMaybeHandedOut.push(id);
    }
    return this;
  }

  /**
   * Records of another service (contacts, leads), as the `known_records` replica holds them once
   * `ReplicatedReferences.ensure` asked their owner about any it could not vouch for.
   */
  async known(field: string, type: KnownRecordType, ids: readonly (string | null)[], held: readonly (string | null)[] = []): Promise<this> {
    const fresh = ids.filter((id): id is string => id !== null && !held.includes(id));
    const refused = await refusedIds(this.db, KNOWN_RECORD_REPLICAS[type], this.caller, fresh);
    const unknown = fresh.filter((id) => refused.has(id));
    if (type === 'contact') this.refusedMaybeHandedOut.push(...unknown);
    if (unknown.length === 1 && ids.length === 1) this.errors[field] = `No ${type} of this organisation has this id.`;
    else if (unknown.length > 0) this.errors[field] = `No ${type} of this organisation has the id ${[...new Set(unknown)].join(', ')}.`;
    return this;
  }

  /** Each of the kind's references to contacts and leads (see `known`). */
  async knownReferences<V extends OwnedValues>(references: readonly KnownReference<V>[], values: V, existing: V | undefined): Promise<this> {
    for (const { column, type } of references) await this.known(column, type, referencedIds(values[column]), referencedIds(existing?.[column]));
    return this;
  }

  /** Throws the 400 when any reference was bad. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw new RefusedReferencesError(this.errors, this.refusedMaybeHandedOut);
  }
}
