import { readdirSync, statSync } from 'node:fs';
import type { Broker } from '@crm/shared';

/**
 * RabbitMQ's quorum queues share one write-ahead log. When it reaches `raft.wal_max_size_bytes` the
 * broker starts a new file and copies the old one into per-queue segment files; on a small machine that
 * shares its disk with PostgreSQL, every quorum queue then stalls for a few hundred ms (docs/benchmarks.md
 * §5). The relay benchmark watches the log to say whether a rollover fell in its window and, on request,
 * places one in the middle of it, so the relay can be measured in a broker stall on demand.
 *
 * Both read the broker's files, so they work where the benchmark runs beside the broker (as here) and
 * report "not watched" elsewhere.
 */
const WAL_DIR = process.env.BENCH_RABBITMQ_WAL_DIR ?? '/var/lib/rabbitmq/mnesia/rabbit@localhost/quorum/rabbit@localhost';
/** `raft.wal_max_size_bytes`: RabbitMQ's default unless set. */
const WAL_MAX_BYTES = Number(process.env.BENCH_RABBITMQ_WAL_MAX_BYTES ?? 536_870_912);
const WATCH_EVERY_MS = 10;
const FILLER_QUEUE = 'bench-broker-log-filler';
const FILLER_MESSAGE = Buffer.alloc(16_000, 'x');
/** A rollover that the filler itself causes is left this long to settle before the caller goes on. */
const SETTLE_MS = 3_000;

interface CurrentLog {
  file: string;
  bytes: number;
}

/** The log file being written now, or undefined where the broker's files cannot be read. */
function currentLog(): CurrentLog | undefined {
  try {
    const file = readdirSync(WAL_DIR).filter((name) => name.endsWith('.wal')).sort().at(-1);
    return file ? { file, bytes: statSync(`${WAL_DIR}/${file}`).size } : undefined;
  } catch {
    return undefined;
  }
}

export interface LogWatch {
  /** The times (ms since the epoch) at which a new log file appeared; undefined if the log is not readable. */
  stop(): number[] | undefined;
}

/** Notes each rollover of the broker's log from now until `stop`. */
export function watchBrokerLog(clock: () => number): LogWatch {
  let last = currentLog()?.file;
  const rollovers: number[] = [];
  const timer = setInterval(() => {
    const file = currentLog()?.file;
    if (file !== undefined && last !== undefined && file !== last) rollovers.push(clock());
    last = file ?? last;
  }, WATCH_EVERY_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return last === undefined ? undefined : rollovers;
    },
  };
}

/**
 * Writes throwaway messages through a quorum queue of its own (purged as it goes, so the segment writer
 * has none of them to copy) until the log is `bytesBefore` short of rolling over: the caller's next
 * `bytesBefore` bytes of quorum-queue traffic bring the rollover. Answers false where the log is not readable.
 */
export async function placeBrokerLogRollover(broker: Broker, bytesBefore: number): Promise<boolean> {
  const start = currentLog();
  if (!start) return false;
  const target = WAL_MAX_BYTES - bytesBefore;
  const channel = await broker.createConfirmChannel();
  try {
    await channel.assertQueue(FILLER_QUEUE, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    const write = async () => {
      for (let n = 0; n < 100; n += 1) channel.sendToQueue(FILLER_QUEUE, FILLER_MESSAGE, { persistent: true });
      await channel.waitForConfirms();
      await channel.purgeQueue(FILLER_QUEUE);
    };
    if (start.bytes > target) {
      // Past the mark already: roll this file over first, and let the broker settle from it.
      while (currentLog()?.file === start.file) await write();
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
    while ((currentLog()?.bytes ?? Infinity) < target) await write();
    return true;
  } finally {
    await channel.deleteQueue(FILLER_QUEUE);
    await channel.close();
  }
}
