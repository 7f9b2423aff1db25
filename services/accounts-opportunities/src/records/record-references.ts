import { ValidationError, type Db } from '@crm/shared';
import { unknownRecordIds, type KnownRecordType } from '../known-records/known-records';
import { referencedIds, type KnownReference } from './known-references';
import { recordExists, type OwnedValues } from './record-table';

/**
 * Checks what a record's values point to, field by field, and reports every bad reference in one 400.
 * Only references that change are checked: one the record held already stays valid (an account or
 * opportunity of this schema cannot vanish without clearing it; a contact or lead may have been deleted
 * since, and that does not block an unrelated change).
 */
export class ReferenceCheck {
  private readonly errors: Record<string, string> = {};

  constructor(
    private readonly db: Db,
    private readonly tenantId: string,
  ) {}

  /** A record of this schema (an account, an opportunity), share-locked until commit so it stays. */
  async inSchema(field: string, what: string, table: { name: string }, id: string | null, held: string | null | undefined): Promise<this> {
    if (id !== null && id !== held && !(await recordExists(this.db, table, this.tenantId, id))) {
      this.errors[field] = `No ${what} of this organisation has this id.`;
    }
    return this;
  }

  /** Records of another service (contacts, leads), as the `known_records` replica knows them. */
  async known(field: string, type: KnownRecordType, ids: readonly (string | null)[], held: readonly (string | null)[] = []): Promise<this> {
    const fresh = ids.filter((id): id is string => id !== null && !held.includes(id));
    const unknown = await unknownRecordIds(this.db, type, this.tenantId, fresh);
    if (unknown.length === 1 && ids.length === 1) this.errors[field] = `No ${type} of this organisation has this id.`;
    else if (unknown.length > 0) this.errors[field] = `No ${type} of this organisation has the id ${unknown.join(', ')}.`;
    return this;
  }

  /** Each of the kind's references to contacts and leads (see `known`). */
  async knownReferences<V extends OwnedValues>(references: readonly KnownReference<V>[], values: V, existing: V | undefined): Promise<this> {
    for (const { column, type } of references) await this.known(column, type, referencedIds(values[column]), referencedIds(existing?.[column]));
    return this;
  }

  /** Throws the 400 when any reference was bad. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors);
  }
}
