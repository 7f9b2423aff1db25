import { hasSalesAccess, type Caller } from '@crm/platform';
import type { DataSource } from '@crm/platform';
import { RefusedReferencesError, ServiceUnavailableError } from '@crm/platform';
import { isUuid } from '@crm/platform';
import { besideTheWrite } from '@crm/platform';
import type { OwnerLookup } from './owner-lookup';
import { mayName, type Replica } from './replica';
import type { IdsHandedOutAhead } from './replica-settings';

/** Which fields of a body name records of another service, and of which replica's type (a field `<type>_id` → `<type>`). */
export type NamedReferences = Readonly<Record<string, string>>;

/**
 * The ids `bodies` name in their reference fields (a field holds one id or a list of them), by type.
 * Bodies may be raw (an import's cells): anything that is not an id is left to the body's validation.
 */
export function namedIds(bodies: readonly object[], references: NamedReferences): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  for (const body of bodies) {
    for (const [field, type] of Object.entries(references)) {
      const value = (body as Record<string, unknown>)[field];
      for (const id of Array.isArray(value) ? value : [value]) {
        if (!isUuid(id)) continue;
        if (!named.has(type)) named.set(type, new Set());
        named.get(type)!.add(id);
      }
    }
  }
  return named;
}

/** How a lookup went, for the metrics: the replica vouched for every id, or the owner was asked. */
export type LookupOutcome = 'replica' | 'owner';

/**
 * Read your writes across services (architecture §1): before a write's transaction, every id its bodies name
 * that the replica cannot vouch for (never heard of, or not one the caller may open as the copy has it,
 * which may be an older version) is asked of its owner, and what the owner answers is applied to the
 * replica exactly as the record's event will be. The write then checks its references against the
 * replica as always, inside its transaction (`refusedIds`): a record created a moment ago is there,
 * one that exists nowhere, in another tenant or out of the caller's reach is a 400 on its field.
 *
 * No transaction is open while an owner is asked: a slow owner holds no connection and no lock (in the
 * embedded default a transaction holds the service's only database session, so two services asking
 * each other from inside transactions would wait on each other).
 */
export class ReplicatedReferences {
  private readonly replicas: Map<string, Replica>;

  constructor(
    private readonly options: {
      dataSource: DataSource;
      lookup: OwnerLookup;
      replicas: readonly Replica[];
      clock: () => Date;
      observe?: (type: string, outcome: LookupOutcome) => void;
      /** The service handing out ids ahead of their records, which the service's writes may name: refusals of them are checked with it. */
      idsHandedOutAhead?: IdsHandedOutAhead;
    },
  ) {
    this.replicas = new Map(options.replicas.map((replica) => [replica.type, replica]));
  }

  /**
   * Makes the replicas vouch for what `bodies` name through `references`, and for the caller's own
   * profile (the owner of what they create, shown as `{id, email}` in its view): see the class.
   */
  async ensureNamedIn(caller: Caller, bodies: readonly object[], references: NamedReferences): Promise<void> {
    // Without sales access the write is a 403 whatever it names: nobody needs asking.
    if (!hasSalesAccess(caller)) return;
    const named = namedIds(bodies, references);
    if (this.replicas.has('profile')) {
      if (!named.has('profile')) named.set('profile', new Set());
      named.get('profile')!.add(caller.profileId);
    }
    await Promise.all([...named].map(([type, ids]) => this.ensureOfType(caller, this.replicaOf(type), [...ids])));
  }

  /**
   * Runs a write; when it is refused for naming records that do not exist and some of those ids were handed
   * out ahead of their records (`idsHandedOutAhead`: its answer was `pending`, and their owners have not made
   * them yet), the answer is a 503 to repeat, never a 400 for a record that is being made. Asked only on a
   * refusal: a valid write pays nothing.
   */
  async answerRefusals<T>(caller: Caller, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const ahead = this.options.idsHandedOutAhead;
      if (!(error instanceof RefusedReferencesError) || ahead === undefined || error.maybeHandedOutIds.length === 0) throw error;
      const beingMade = await this.options.lookup.stillBeingMade(ahead.by.name, ahead.path, caller, [...new Set(error.maybeHandedOutIds)]);
      if (beingMade.length > 0) throw new ServiceUnavailableError(ahead.whileBeingMade);
      throw error;
    }
  }

  private replicaOf(type: string): Replica {
    const replica = this.replicas.get(type);
    if (!replica) throw new Error(`This service keeps no replica of ${type}s`);
    return replica;
  }

  private async ensureOfType(caller: Caller, replica: Replica, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const { dataSource, lookup, clock, observe } = this.options;
    const held = await replica.held(dataSource.manager, caller.tenantId, ids);
    // A deleted record stays deleted: asking its owner could not change the answer.
    const unsure = ids.filter((id) => !held.get(id)?.deleted && !mayName(caller, held.get(id))).sort();
    observe?.(replica.type, unsure.length === 0 ? 'replica' : 'owner');
    if (unsure.length === 0) return;
    const records = await lookup.find(replica, caller, unsure);
    if (records.length === 0) return;
    const change = { actor: null, now: clock() };
    // In id order, so two writes applying overlapping records take their locks in the same order.
    records.sort((a, b) => String(a.id).localeCompare(String(b.id)));
    // Nothing is lost if this commit is: the owner holds the record and its event is on its way.
    await besideTheWrite(dataSource, async (manager) => {
      for (const record of records) await replica.apply(manager, caller.tenantId, record, change);
    });
  }
}
