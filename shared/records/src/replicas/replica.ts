import { canOpen } from '../records/record-ownership';
import { isAdmin, type Caller } from '@crm/platform';
import type { Db, EntityManager } from '@crm/platform';
import type { EventActor } from '@crm/platform';
import type { ServiceAddress } from '@crm/platform';

/** What a replica holds of one record of a tenant. */
export interface HeldRecord {
  /** Deleted at its owner: gone for good (ids are never reused), whatever arrives later. */
  deleted: boolean;
  /**
   * Who may open it (architecture §3): its creator and its owner. Absent for a type anyone of the tenant may
   * be named by (profiles). Null members: not known yet (a row kept from before they were copied).
   */
  ownership?: HeldOwnership;
}

/** Who may open a record (architecture §3): its creator and its owner. */
export interface HeldOwnership {
  createdBy: string | null;
  ownerId: string | null;
}

/** Who caused a change a replica makes to the records that show it, and when. */
export interface ReplicaChange {
  actor: EventActor | null;
  now: Date;
}

/**
 * A service's copy of another service's records (architecture §1): enough to check an id a body names, and
 * to show the record in a view. Fed by the owner's `<type>.created|updated|deleted` events, and by the
 * owner's internal lookup when a write names an id the copy cannot vouch for yet.
 */
export interface Replica {
  /** The records' entity, as their owner names it: its events `<type>.*`, its lookup `lookup/<type>s/`. */
  type: string;
  /** The service that owns the records: the one whose lookup is asked. */
  owner: ServiceAddress;
  /**
   * What the replica holds of `ids` in the tenant (an id it never heard of is absent). With `lock`,
   * inside the write's transaction: the rows read stay as they are until it commits (a delete
   * applied meanwhile waits, and then clears what the write linked).
   */
  held(db: Db, tenantId: string, ids: readonly string[], options?: { lock?: boolean }): Promise<Map<string, HeldRecord>>;
  /**
   * Applies a record as its owner describes it: the `data` of its `<type>.created|updated` event, which
   * is also what the owner's lookup answers. Only a newer version changes the copy (delivery is at
   * least once and unordered), and a deleted record stays deleted: `replicaStore` keeps it so.
   */
  apply(manager: EntityManager, tenantId: string, data: unknown, change: ReplicaChange): Promise<void>;
}

/**
 * Whether the caller may name a record the replica holds (api-contract §2: ids in a body name records the
 * caller may open): a live record of the caller's tenant that they may open.
 */
export function mayName(caller: Caller, held: HeldRecord | undefined): boolean {
  if (!held || held.deleted) return false;
  if (!held.ownership) return true;
  const { createdBy, ownerId } = held.ownership;
  return canOpen(caller, { tenantId: caller.tenantId, createdBy: createdBy ?? '', ownerId });
}

/**
 * The ids among `ids` the caller may not name, as the replica holds them now (locked until commit):
 * the check a write makes inside its transaction, after `ReplicatedReferences.ensure` asked the owner
 * about whatever the replica could not vouch for.
 */
export async function refusedIds(db: Db, replica: Pick<Replica, 'held'>, caller: Caller, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const held = await replica.held(db, caller.tenantId, unique, { lock: true });
  return new Set(unique.filter((id) => !mayName(caller, held.get(id))));
}

/** A view's reference to another record: its id and its name (null where the reader may not open it). */
export interface NamedRef {
  id: string;
  name: string | null;
}

/**
 * The views as `reader` may see them (api-contract §2: no view shows the name of a record its reader may not
 * open): each reference at `field` keeps its id, and its name only where the reader may open the
 * record; `held` says who may open each one (a replica, or the service's own table). A view is
 * built once for everyone (its event carries it whole); this is applied to what one caller is answered.
 */
export async function namesAsSeenBy<K extends string, V extends { [key in K]: NamedRef | null }>(
  reader: Caller,
  views: V[],
  field: K,
  held: (ids: string[]) => Promise<Map<string, HeldRecord>>,
): Promise<V[]> {
  if (isAdmin(reader)) return views;
  const ids = [...new Set(views.flatMap((view) => (view[field] ? [view[field].id] : [])))];
  if (ids.length === 0) return views;
  const records = await held(ids);
  return views.map((view) => {
    const ref = view[field];
    // Spread keeps the view's version (an enumerable symbol) for its ETag.
    return ref === null || mayName(reader, records.get(ref.id)) ? view : { ...view, [field]: { id: ref.id, name: null } };
  });
}
