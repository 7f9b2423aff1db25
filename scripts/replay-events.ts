/**
 * Replays the change stream `<ns>.changes` (architecture §4): prints each change as a JSON line, or forwards it
 * to an exchange of yours, from a time, an offset or the start, filtered by type and tenant, remembering the
 * last offset handled in a file so that the next run resumes right after it (no gap, no repeat).
 *
 *   npm run replay-events -- --from first --types 'lead.*,contact.updated' --tenant <id> --offset-file lead-sync.offset
 *   npm run replay-events -- --from 2026-11-01T00:00:00Z --forward-to my-team.crm-events --follow
 *
 * AMQP_URL (default amqp://guest:guest@127.0.0.1:5672) and AMQP_NAMESPACE (default crm) name the broker and the
 * stream; with an amqps:// URL, AMQP_CA_FILE (and AMQP_CERT_FILE, AMQP_KEY_FILE) as the services read them.
 * Reading needs read rights on the stream only. Without --follow it stops once caught up (nothing new for
 * --idle-ms); with it, on SIGINT or SIGTERM. The example a consuming team copies: the reading itself is
 * `readChangeStream` (shared/platform/src/messaging/change-stream.ts, amqplib only).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { parseArgs } from 'node:util';
import amqp, { type ConfirmChannel } from 'amqplib';
import { amqpTlsConfig, amqpTlsOptions, loadConfig, readChangeStream, topicMatches, topologyNames, type StreamedChange, type StreamPosition } from '@crm/platform';

export interface ReplayOptions {
  amqpUrl: string;
  /** With an amqps:// URL: the CA and client certificate (AMQP_CA_FILE …, `amqpTlsOptions`). */
  tls?: ConnectionOptions;
  namespace: string;
  /** Where to start when the offset file holds nothing: `first`, `next`, an offset, or a time. */
  from: StreamPosition;
  /** Topic patterns (`lead.*`); none: every type. */
  types: string[];
  tenant?: string;
  /** Holds the last offset handled; read at start, rewritten (atomically) after each change. */
  offsetFile?: string;
  /** An exchange of the reader's: each change is published there (routing key = type), confirmed before its offset is saved. */
  forwardTo?: string;
  follow: boolean;
  /** Without `follow`: caught up once nothing came for this long. */
  idleMs: number;
  /** Where a printed change goes (stdout). */
  print: (line: string) => void;
}

/** Replays until caught up (or stopped, with `follow`); answers how many changes it printed or forwarded. */
export async function replayEvents(options: ReplayOptions, stopSignal?: Promise<void>): Promise<number> {
  const connection = await amqp.connect(options.amqpUrl, { ...options.tls, noDelay: true });
  try {
    const forward = options.forwardTo === undefined ? undefined : await connection.createConfirmChannel();
    const saved = readSavedOffset(options.offsetFile);
    let handled = 0;
    let lastActivity = Date.now();
    const wanted = (change: StreamedChange) =>
      (options.types.length === 0 || options.types.some((pattern) => topicMatches(pattern, change.event.type))) &&
      (options.tenant === undefined || change.event.tenantid === options.tenant);
    const reading = await readChangeStream(connection, topologyNames(options.namespace).changeStream, {
      from: saved === undefined ? options.from : saved + 1,
      onChange: async (change) => {
        lastActivity = Date.now();
        if (wanted(change)) {
          if (forward) await forwardChange(forward, options.forwardTo!, change);
          else options.print(JSON.stringify({ offset: change.offset, ...change.event }));
          handled += 1;
        }
        if (options.offsetFile) saveOffset(options.offsetFile, change.offset);
      },
    });
    const caughtUp = new Promise<void>((resolve) => {
      if (options.follow) return;
      const timer = setInterval(() => {
        if (Date.now() - lastActivity < options.idleMs) return;
        clearInterval(timer);
        resolve();
      }, Math.min(200, options.idleMs));
    });
    await Promise.race([reading.ended, caughtUp, ...(stopSignal ? [stopSignal] : [])]);
    await reading.stop();
    await reading.ended;
    return handled;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

async function forwardChange(channel: ConfirmChannel, exchange: string, change: StreamedChange): Promise<void> {
  channel.publish(exchange, change.event.type, Buffer.from(JSON.stringify(change.event)), {
    messageId: change.event.id,
    contentType: 'application/cloudevents+json',
    persistent: true,
    headers: { 'x-crm-stream-offset': change.offset },
  });
  await channel.waitForConfirms();
}

function readSavedOffset(file: string | undefined): number | undefined {
  if (file === undefined || !existsSync(file)) return undefined;
  const offset = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isSafeInteger(offset) || offset < 0) throw new Error(`${file} does not hold an offset`);
  return offset;
}

/** Write beside, then rename: a run killed midway leaves the previous offset or the new one, never half of one. */
function saveOffset(file: string, offset: number): void {
  writeFileSync(`${file}.tmp`, `${offset}\n`);
  renameSync(`${file}.tmp`, file);
}

function parsePosition(value: string): StreamPosition {
  if (value === 'first' || value === 'next') return value;
  if (/^\d+$/.test(value)) return Number(value);
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new Error(`--from: first, next, an offset or an ISO time, not ${value}`);
  return time;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string', default: 'first' },
      types: { type: 'string' },
      tenant: { type: 'string' },
      'offset-file': { type: 'string' },
      'forward-to': { type: 'string' },
      follow: { type: 'boolean', default: false },
      'idle-ms': { type: 'string', default: '2000' },
    },
  });
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const count = await replayEvents(
    {
      amqpUrl,
      tls: amqpTlsOptions({ ...loadConfig(amqpTlsConfig), AMQP_URL: amqpUrl }),
      namespace: process.env.AMQP_NAMESPACE ?? 'crm',
      from: parsePosition(values.from),
      types: values.types ? values.types.split(',') : [],
      tenant: values.tenant,
      offsetFile: values['offset-file'],
      forwardTo: values['forward-to'],
      follow: values.follow,
      idleMs: Number(values['idle-ms']),
      print: (line) => process.stdout.write(`${line}\n`),
    },
    stopped,
  );
  process.stderr.write(`replay-events: ${count} changes ${values['forward-to'] ? `forwarded to ${values['forward-to']}` : 'printed'}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`replay-events: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
