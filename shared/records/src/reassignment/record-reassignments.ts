import {
  createEvent,
  enqueueEvent,
  queryOne,
  queryRows,
  type DataSource,
  type EntityManager,
  type EventActor,
  type IntegrationEventHandler,
  type Logger,
  type PlatformDeps,
} from '@crm/platform';
import { rememberProfileAhead } from '../profile-replica/profile-replica';
import { publishRecords, type AnyRecordKind, type ChangeContext } from '../records/record-kind';
import { reassignOwner, type OwnedValues, type StoredRecord } from '../records/record-table';
import { reassignmentRequestedData, recordsReassignedType, type RecordsReassignedData } from './reassignment-events';

/*
 * A service's side of a reassignment (api-contract §10.2; auth tells the whole story in
 * `services/auth/src/reassignment/reassignment.process.ts`):
 *
 * 1. `acceptReassignment`, the handler of `profile.reassignment_requested`, records the work in
 *    `record_reassignments`, in the inbox transaction: once, whatever the redeliveries.
 * 2. `RecordReassignments` moves the records, batch after batch, each batch one transaction: the records
 *    it gives to `to` (a new version and `updated_at` each), their `*.updated` events in the outbox, and
 *    the counts so far. A record moved is owned by `to`, so the next batch no longer picks it: a runner
 *    that stopped or crashed goes on, at its next start, with what is left, moving nothing twice.
 * 3. The batch that finds nothing left completes the work and reports `<service>.records_reassigned` with
 *    the counts, in the same transaction.
 *
 * The work is not done in the handler itself: the inbox transaction would hold every batch in one (and
 * the embedded database's one session would wait on itself).
 */

/** One collection a reassignment moves: its name in the reports (`leads`, `tasks`) and how a batch of it moves. */
export interface ReassignedCollection {
  collection: string;
  /** Gives up to `limit` records of `work.from` to `work.to` in the transaction, announced as a PATCH of their owner would be; answers how many. */
  move(manager: EntityManager, work: PendingReassignment, change: ChangeContext, limit: number): Promise<number>;
}

/** The records of `kind` as a reassignment moves them, reported as `collection`. */
export function reassignedCollection<V extends OwnedValues>(collection: string, kind: AnyRecordKind<V>): ReassignedCollection {
  return {
    collection,
    async move(manager, work, change, limit) {
      const records = await reassignOwner(manager, kind.table, work.tenantId, work, change.now, limit);
      await publishRecords(manager, kind, 'updated', change.actor, records);
      if (kind.afterChange) {
        for (const after of records) await kind.afterChange(manager, change, ownedBefore(kind, after, work.from), after);
      }
      return records.length;
    },
  };
}

/** The record as it was before the reassignment changed it (for `afterChange`, as a PATCH would give it). */
function ownedBefore<V extends OwnedValues>(kind: AnyRecordKind<V>, after: StoredRecord<V>, from: string): StoredRecord<V> {
  return { ...after, version: after.version - 1, values: { ...after.values, [kind.table.owner]: from } };
}

/** A reassignment the service has not finished: whose records go to whom, who asked, what moved so far. */
export interface PendingReassignment {
  id: string;
  tenantId: string;
  from: string;
  to: string;
  actor: EventActor | null;
  moved: Record<string, number>;
}

/**
 * `profile.reassignment_requested`: the work, recorded with the inbox row (the inbox sees a redelivered
 * request once). The receiving member is remembered as the request names them, in case auth's own
 * `profile.created` of them is still on its way (`rememberProfileAhead`).
 */
export const acceptReassignment: IntegrationEventHandler<unknown> = async (event, manager) => {
  const data = reassignmentRequestedData.parse(event.data);
  await rememberProfileAhead(manager, event.tenantid, { id: data.to, email: data.to_email });
  await manager.query(
    `INSERT INTO record_reassignments (reassignment_id, tenant_id, from_profile_id, to_profile_id, actor, requested_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [data.reassignment_id, event.tenantid, data.from, data.to, JSON.stringify(event.actor), event.time],
  );
};

interface ReassignmentRow {
  reassignment_id: string;
  tenant_id: string;
  from_profile_id: string;
  to_profile_id: string;
  actor: EventActor | null;
  moved: Record<string, number>;
}

/**
 * The unfinished reassignment, locked for this batch; undefined when it is finished or another replica's
 * runner holds it (that one goes on with it).
 */
async function lockPendingReassignment(manager: EntityManager, id: string): Promise<PendingReassignment | undefined> {
  const row = await queryOne<ReassignmentRow>(
    manager,
    `SELECT reassignment_id, tenant_id, from_profile_id, to_profile_id, actor, moved FROM record_reassignments
     WHERE reassignment_id = $1 AND completed_at IS NULL FOR UPDATE SKIP LOCKED`,
    [id],
  );
  return row && { id: row.reassignment_id, tenantId: row.tenant_id, from: row.from_profile_id, to: row.to_profile_id, actor: row.actor, moved: row.moved };
}

/** The unfinished reassignments, oldest first. */
async function pendingReassignments(db: DataSource): Promise<string[]> {
  const rows = await queryRows<{ reassignment_id: string }>(
    db,
    'SELECT reassignment_id FROM record_reassignments WHERE completed_at IS NULL ORDER BY requested_at, reassignment_id LIMIT 100',
  );
  return rows.map((row) => row.reassignment_id);
}

async function saveMoved(manager: EntityManager, id: string, moved: Record<string, number>, completedAt: Date | null): Promise<void> {
  await manager.query('UPDATE record_reassignments SET moved = $2::jsonb, completed_at = $3 WHERE reassignment_id = $1', [id, JSON.stringify(moved), completedAt]);
}

/** Records moved per transaction: each batch's records, views and events are written together. */
const DEFAULT_BATCH_SIZE = 500;
/**
 * How often the runner looks for work: a request is handled by the consumer in a transaction the runner
 * cannot see commit, and the embedded database delivers no NOTIFY to another connection. One indexed
 * query of a small table.
 */
const DEFAULT_POLL_MS = 200;
/** Longest pause after failures (the database away), the poll doubling up to it. */
const MAX_RETRY_MS = 5_000;

export interface RecordReassignmentsOptions {
  /** The service: its reports' source and type (`<service>.records_reassigned`). */
  service: string;
  /** What a reassignment moves here, in this order. */
  collections: readonly ReassignedCollection[];
  dataSource: DataSource;
  logger: Logger;
  clock: () => Date;
  batchSize?: number;
  pollMs?: number;
}

/** Moves the records of the reassignments the service accepted (step 2 and 3 above), in the background. */
export class RecordReassignments {
  private readonly logger: Logger;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopping = false;
  private failures = 0;

  constructor(private readonly options: RecordReassignmentsOptions) {
    this.logger = options.logger.child({ component: 'record-reassignments' });
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  }

  /** Looks for work now and every `pollMs`, until stopped. */
  start(): void {
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops looking; the batch in flight commits (or not) before this resolves. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Moves every unfinished reassignment's records to the end, batch by batch, and reports each (what a poll does). */
  async runPending(): Promise<void> {
    for (const id of await pendingReassignments(this.options.dataSource)) {
      let batch: 'more' | 'done' = 'more';
      while (batch === 'more' && !this.stopping) batch = await this.moveBatch(id);
    }
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.running = this.runPending()
        .then(() => {
          this.failures = 0;
        })
        .catch((error: unknown) => {
          this.failures += 1;
          this.logger.warn({ err: error, failures: this.failures }, 'moving reassigned records failed; tried again shortly');
        })
        .finally(() => {
          this.running = undefined;
          if (!this.stopping) this.schedule(Math.min(MAX_RETRY_MS, this.pollMs * 2 ** this.failures));
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One batch in one transaction: `more` while records were moved, `done` once the work is complete (or another replica holds it). */
  private moveBatch(id: string): Promise<'more' | 'done'> {
    const { dataSource, clock, collections, service } = this.options;
    return dataSource.transaction(async (manager) => {
      const work = await lockPendingReassignment(manager, id);
      if (!work) return 'done';
      const change: ChangeContext = { actor: work.actor, now: clock() };
      const moved = { ...work.moved };
      let left = this.batchSize;
      for (const { collection, move } of collections) {
        if (left === 0) break;
        const count = await move(manager, work, change, left);
        moved[collection] = (moved[collection] ?? 0) + count;
        left -= count;
      }
      if (left < this.batchSize) {
        await saveMoved(manager, id, moved, null);
        return 'more';
      }
      // Nothing left of any collection: complete, and report in the same transaction.
      const report: RecordsReassignedData = {
        reassignment_id: id,
        service,
        moved: Object.fromEntries(collections.map(({ collection }) => [collection, moved[collection] ?? 0])),
      };
      await saveMoved(manager, id, report.moved, change.now);
      await enqueueEvent(
        manager,
        createEvent({ source: service, type: recordsReassignedType(service), subject: id, tenantId: work.tenantId, actor: work.actor, data: report, time: change.now }),
      );
      this.logger.info({ reassignmentId: id, moved: report.moved }, 'reassigned records moved');
      return 'done';
    });
  }
}

/** Runs the service's reassignments from its start to its stop (`routes` of its definition starts it). */
export function runRecordReassignments(deps: Pick<PlatformDeps<unknown>, 'dataSource' | 'logger' | 'clock' | 'onStop'>, options: Pick<RecordReassignmentsOptions, 'service' | 'collections'>): void {
  const runner = new RecordReassignments({ ...options, dataSource: deps.dataSource, logger: deps.logger, clock: deps.clock });
  runner.start();
  deps.onStop(() => runner.stop());
}
