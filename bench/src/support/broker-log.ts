import { readdirSync, statSync, watch } from 'node:fs';
import type { Broker } from '@crm/platform';

/**
 * RabbitMQ's quorum queues share one write-ahead log. When it reaches `raft.wal_max_size_bytes` the
 * broker starts a new file and copies the old one into per-queue segment files; on a small machine that
 * shares its disk with PostgreSQL, every quorum queue then stalls for a few hundred ms (docs/benchmarks.md
 * §6). The relay benchmark watches the log to say whether a rollover fell in its window and, on request,
 * places one in the middle of it, so the relay can be measured in a broker stall on demand.
 *
 * Both read the broker's files, so they work where the benchmark runs beside the broker (as here) and
 * report "not watched" elsewhere. The watch waits for the directory to change (a file created or removed)
 * rather than polling it, so it adds no work to the process being measured.
 */
const WAL_DIR = process.env.BENCH_RABBITMQ_WAL_DIR ?? '/var/lib/rabbitmq/mnesia/rabbit@localhost/quorum/rabbit@localhost';
/** `raft.wal_max_size_bytes`: RabbitMQ's default unless set. */
const WAL_MAX_BYTES = Number(process.env.BENCH_RABBITMQ_WAL_MAX_BYTES ?? 536_870_912);
const FILLER_QUEUE = 'bench-broker-log-filler';
const FILLER_MESSAGE = Buffer.alloc(16_000, 'x');
/** A rollover that the filler itself causes is left this long to settle before the caller goes on. */
const SETTLE_MS = 3_000;

/** The log file being written now, or undefined where the broker's files cannot be read. */
function currentLogFile(): string | undefined {
  try {
    return readdirSync(WAL_DIR).filter((name) => name.endsWith('.wal')).sort().at(-1);
  } catch {
    return undefined;
  }
}

/** How far the log being written now has grown. */
function currentLogBytes(): number | undefined {
  const file = currentLogFile();
  try {
    return file === undefined ? undefined : statSync(`${WAL_DIR}/${file}`).size;
  } catch {
    return undefined; // rolled over between the two reads
  }
}

export interface LogWatch {
  /** The times (ms since the epoch) at which a new log file appeared; undefined if the log is not readable. */
  stop(): number[] | undefined;
}

/** Notes each rollover of the broker's log from now until `stop`. */
export function watchBrokerLog(clock: () => number): LogWatch {
  let last = currentLogFile();
  if (last === undefined) return { stop: () => undefined };
  const rollovers: number[] = [];
  const watcher = watch(WAL_DIR, (change) => {
    if (change !== 'rename') return; // the log's own writes come as 'change'
    const file = currentLogFile();
    if (file === undefined || file === last) return;
    rollovers.push(clock());
    last = file;
  });
  watcher.on('error', () => undefined); // the directory went away: what was noted stands
  return {
    stop: () => {
      watcher.close();
      return rollovers;
    },
  };
}

/**
 * Writes throwaway messages through a quorum queue of its own (purged as it goes, probably leaving the
 * segment writer none of them to copy) until the log is `bytesBefore` short of rolling over: the caller's
 * next `bytesBefore` bytes of quorum-queue traffic bring the rollover. Answers false where the log is not readable.
 */
export async function placeBrokerLogRollover(broker: Broker, bytesBefore: number): Promise<boolean> {
  const startFile = currentLogFile();
  const startBytes = currentLogBytes();
  if (startFile === undefined || startBytes === undefined) return false;
  const target = WAL_MAX_BYTES - bytesBefore;
  const queue = broker.names.queue(FILLER_QUEUE);
  const channel = await broker.createConfirmChannel();
  try {
    await channel.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    const write = async () => {
      for (let n = 0; n < 100; n += 1) channel.sendToQueue(queue, FILLER_MESSAGE, { persistent: true });
      await channel.waitForConfirms();
      await channel.purgeQueue(queue);
    };
    if (startBytes > target) {
      // Past the mark already: roll this file over first, and let the broker settle from it.
      while (currentLogFile() === startFile) await write();
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
    while ((currentLogBytes() ?? Infinity) < target) await write();
    return true;
  } finally {
    await channel.deleteQueue(queue);
    await channel.close();
  }
}
