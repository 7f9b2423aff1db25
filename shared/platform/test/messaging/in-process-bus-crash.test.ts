import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { transformFileSync } from '@swc/core';
import type { Channel, ConfirmChannel } from 'amqplib';
import { InProcessBus } from '../../src/messaging/in-process-bus';

/**
 * The embedded default must not lose a publish it confirmed (issue 17, point 9): not when the process is
 * killed while it compacts the journal, nor when the machine stops before the journal reached the disk.
 */

const PENDING = 2_000;
const journalIn = (dir: string) => join(dir, 'bus.jsonl');
const newDir = () => mkdtempSync(join(tmpdir(), 'crm-bus-crash-'));
const settle = () => new Promise((done) => setTimeout(done, 50));

/** A journal holding PENDING confirmed, unacked `lead.converted` messages in queue `q`. */
async function journalWithPendingMessages(): Promise<string> {
  const file = journalIn(newDir());
  const bus = new InProcessBus(file);
  const channel = (await bus.connect().createConfirmChannel()) as unknown as ConfirmChannel;
  await channel.assertQueue('q');
  await channel.bindQueue('q', 'ex', 'lead.*');
  const padding = 'x'.repeat(1_000);
  for (let n = 0; n < PENDING; n += 1) channel.publish('ex', 'lead.converted', Buffer.from(JSON.stringify({ n, padding })), { messageId: `m${n}` });
  await channel.waitForConfirms();
  return file;
}

/** The message ids a bus reopened on `file` delivers from queue `q`. */
async function deliveredAfterRestart(file: string, queue = 'q'): Promise<string[]> {
  const channel = (await new InProcessBus(file).connect().createChannel()) as unknown as Channel;
  const ids: string[] = [];
  await channel.consume(queue, (message) => message && ids.push(message.properties.messageId as string));
  await settle();
  return ids.sort();
}

const everyPendingId = Array.from({ length: PENDING }, (_, n) => `m${n}`).sort();

/** The bus's current source as a CommonJS file a child process can require (dist/ may be stale). */
function compiledBus(): string {
  const dir = newDir();
  const source = resolve(__dirname, '../../src/messaging/in-process-bus.ts');
  const { code } = transformFileSync(source, { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } });
  writeFileSync(join(dir, 'in-process-bus.js'), code);
  // `once`: open the bus (which compacts its journal) and exit; `forever`: reopen it again and again.
  // A write past `ulimit -f` fails with EFBIG (Node ignores SIGXFSZ): the child dies of SIGKILL right there.
  writeFileSync(
    join(dir, 'child.js'),
    `const { InProcessBus } = require('./in-process-bus.js');
     const [journal, mode] = process.argv.slice(2);
     try {
       new InProcessBus(journal);
       process.stdout.write('opened\\n');
       while (mode === 'forever') new InProcessBus(journal);
     } catch (error) {
       if (error.code === 'EFBIG') process.kill(process.pid, 'SIGKILL');
       throw error;
     }`,
  );
  return join(dir, 'child.js');
}

/** Runs the child under `sh` (for `ulimit`); resolves with the signal that ended it. */
function runChild(child: string, journal: string, mode: 'once' | 'forever', options: { fileSizeBlocks?: number; killAfterOpenedMs?: number } = {}): Promise<NodeJS.Signals | null> {
  const limit = options.fileSizeBlocks === undefined ? '' : `ulimit -f ${options.fileSizeBlocks} && `;
  const running = spawn('/bin/sh', ['-c', `${limit}exec "$0" "$@"`, process.execPath, child, journal, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.stdout.on('data', () => {
    if (options.killAfterOpenedMs !== undefined) setTimeout(() => running.kill('SIGKILL'), options.killAfterOpenedMs);
  });
  return new Promise((done) => running.on('exit', (_code, signal) => done(signal)));
}

describe('the in-process bus when the process dies', () => {
  let child: string;
  beforeAll(() => {
    child = compiledBus();
  });

  it('loses no confirmed message when the process is killed in the middle of writing the compacted journal', async () => {
    const file = await journalWithPendingMessages();
    const compactedBlocks = statSync(file).size / 512; // `ulimit -f` counts 512-byte blocks (POSIX)
    for (const fraction of [0.1, 0.5, 0.9]) {
      const journal = journalIn(newDir());
      copyFileSync(file, journal);
      // The kernel stops the write at the limit, part way through the journal compacted at start.
      expect(await runChild(child, journal, 'once', { fileSizeBlocks: Math.floor(compactedBlocks * fraction) })).toBe('SIGKILL');
      const delivered = await deliveredAfterRestart(journal);
      expect(delivered).toHaveLength(PENDING);
      expect(delivered).toEqual(everyPendingId);
      expect(readdirSync(dirname(journal))).toEqual([basename(journal)]); // what the killed compaction left is gone
    }
  });

  it('loses no confirmed message when killed at any moment while it compacts again and again', async () => {
    const journal = await journalWithPendingMessages();
    for (let kill = 0; kill < 15; kill += 1) {
      expect(await runChild(child, journal, 'forever', { killAfterOpenedMs: Math.random() * 100 })).toBe('SIGKILL');
    }
    expect(await deliveredAfterRestart(journal)).toEqual(everyPendingId);
  });
});

describe('the in-process bus and the disk', () => {
  const fs = jest.requireActual<typeof import('node:fs')>('node:fs');
  afterEach(() => jest.restoreAllMocks());

  /** Holds every fdatasync until `release()`, as a slow disk would; `calls` counts them. */
  function holdSyncs() {
    const held: Array<() => void> = [];
    const fdatasync = jest.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, callback: (error: Error | null) => void) => {
      held.push(() => fs.fdatasync(fd, callback));
    }) as typeof fs.fdatasync);
    return {
      calls: () => fdatasync.mock.calls.length,
      release: () => {
        fdatasync.mockRestore();
        held.forEach((sync) => sync());
      },
    };
  }

  async function confirmChannelOn(file: string): Promise<ConfirmChannel> {
    const channel = (await new InProcessBus(file).connect().createConfirmChannel()) as unknown as ConfirmChannel;
    await channel.assertQueue('q');
    await channel.bindQueue('q', 'ex', 'lead.*');
    return channel;
  }

  it('confirms a publish only once its journal line is on disk, one fdatasync for the publishes of a moment', async () => {
    const channel = await confirmChannelOn(journalIn(newDir()));
    const syncs = holdSyncs();
    const confirmed: string[] = [];
    for (const id of ['a', 'b', 'c']) channel.publish('ex', 'lead.converted', Buffer.from(id), { messageId: id }, () => confirmed.push(id));
    await settle();
    expect(syncs.calls()).toBe(1);
    expect(confirmed).toEqual([]); // written, but not yet known to be on disk

    syncs.release();
    await channel.waitForConfirms();
    expect(confirmed).toEqual(['a', 'b', 'c']);
  });

  it('reports a publish whose line could not be synced as not confirmed', async () => {
    const channel = await confirmChannelOn(journalIn(newDir()));
    jest.spyOn(fs, 'fdatasync').mockImplementation(((_fd: number, callback: (error: Error | null) => void) => {
      callback(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    }) as typeof fs.fdatasync);
    let outcome: Error | null | undefined;
    channel.publish('ex', 'lead.converted', Buffer.from('a'), {}, (error) => (outcome = error));
    await expect(channel.waitForConfirms()).rejects.toMatchObject({ code: 'EIO' });
    expect(outcome).toMatchObject({ code: 'EIO' });
  });

  it('compacts while it runs, with an fdatasync under way, and journals to the compacted file afterwards', async () => {
    const file = journalIn(newDir());
    const channel = await confirmChannelOn(file);
    await channel.assertQueue('kept');
    await channel.bindQueue('kept', 'ex', 'kept.*');
    const syncs = holdSyncs();
    channel.publish('ex', 'kept.before', Buffer.from('before'), { messageId: 'before' });
    // Enough messages, all acked, that the journal is compacted (about every 20,000 lines).
    for (let n = 0; n < 12_000; n += 1) channel.publish('ex', 'lead.converted', Buffer.from(String(n)));
    await settle();
    expect(syncs.calls()).toBe(1);
    await channel.consume('q', (message) => message && channel.ack(message));
    await settle();
    const linesAfterCompaction = readFileSync(file, 'utf8').split('\n').length;
    expect(linesAfterCompaction).toBeLessThan(12_000); // of the 24,000 written (a put and a done each)

    syncs.release(); // the fdatasync of the journal the compaction replaced
    await channel.waitForConfirms();
    channel.publish('ex', 'kept.after', Buffer.from('after'), { messageId: 'after' });
    await channel.waitForConfirms();
    expect(await deliveredAfterRestart(file, 'kept')).toEqual(['after', 'before']);
  });
});
