import { type Caller, type Db } from '@crm/platform';
import { requireOwnerMember, type NamedReferences, type OwnedValues, type RecordKind, type RecordListQuery } from '@crm/records';
import { redirectMergedReferences, type KnownReference } from './known-references';

export const SERVICE_NAME = 'accounts-opportunities';

/** An entity of this service: a shared record kind whose references to contacts and leads it follows. */
export interface ServiceRecordKind<V extends OwnedValues, View extends { id: string }, Query extends RecordListQuery, Required extends keyof V & string = never>
  extends RecordKind<V, View, Query, Required> {
  /**
   * Its references to contacts and leads: checked against `known_records`, redirected from a
   * merged-away record to its keeper when written, and moved along when a merge is announced.
   */
  knownReferences: readonly KnownReference<V>[];
}

/** What an entity of this service describes; the rest its kind gets from here. */
export type ServiceKindDescription<V extends OwnedValues, View extends { id: string }, Query extends RecordListQuery, Required extends keyof V & string> = Omit<
  ServiceRecordKind<V, View, Query, Required>,
  'source' | 'owner' | 'namedReferences' | 'linkReferences'
> & {
  /**
   * Checks what the values point to (accounts, contacts, ...): records of the tenant the caller may
   * open, else 400 on the field; `existing` when changing.
   */
  checkReferences(db: Db, caller: Caller, values: V, existing: V | undefined): Promise<void>;
};

/** The fields of the kind's bodies naming records of other services: its owner, its contacts and leads. */
const namedReferencesOf = <V extends OwnedValues>(references: readonly KnownReference<V>[]): NamedReferences => ({
  assigned_to_id: 'profile',
  ...Object.fromEntries(references.map(({ column, type }) => [column, type])),
});

/**
 * The kind of an entity of this service: owned by `assigned_to`, a member of the tenant (else 400); new
 * links to merged-away contacts and leads redirected to their keepers (api-contract §4), then every
 * reference checked (400 on the field).
 */
export function serviceKind<V extends OwnedValues, View extends { id: string }, Query extends RecordListQuery, Required extends keyof V & string>(
  description: ServiceKindDescription<V, View, Query, Required>,
): ServiceRecordKind<V, View, Query, Required> {
  const { checkReferences, ...rest } = description;
  const kind: ServiceRecordKind<V, View, Query, Required> = {
    ...rest,
    source: SERVICE_NAME,
    owner: { field: 'assigned_to_id', filter: 'assigned_to' },
    namedReferences: namedReferencesOf(description.knownReferences),
    async linkReferences(db, caller, values, existing) {
      await requireOwnerMember(db, kind, caller, values, existing);
      const linked = await redirectMergedReferences(db, description.knownReferences, caller.tenantId, values, existing);
      await checkReferences(db, caller, linked, existing);
      return linked;
    },
  };
  return kind;
}
