import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A program the tools call (pg_dump, pg_restore, rabbitmqctl) is not installed. */
export class ToolMissingError extends Error {
  constructor(readonly tool: string) {
    super(`${tool} is not installed (or not on the PATH)`);
  }
}

/** Runs a program to its end; answers its stdout, or rejects with its stderr when it exits non-zero. */
export function runTool(tool: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new ToolMissingError(tool) : error));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(stdout).toString());
      const why = Buffer.concat(stderr).toString().trim() || `exit ${code ?? signal}`;
      reject(new Error(`${tool} failed: ${why}`));
    });
  });
}

/**
 * Runs a program with streams instead of files: `input` (a source and the transforms after it) is piped
 * into its stdin, its stdout through `output` (transforms, then where it ends). The pg_dump archive goes
 * from pg_dump through the encryption to its file, and back from the file through the decryption into
 * pg_restore, never written in clear. A stream that fails kills the program at once (SIGKILL, before its
 * stdin is closed): pg_restore must not take a cut-short archive for a whole one and commit it. Rejects with
 * the first stream's error, else the program's stderr when it exits non-zero.
 */
export async function runToolWithStreams(
  tool: string,
  args: string[],
  env: Record<string, string>,
  streams: { input?: [Readable, ...Array<Readable & Writable>]; output?: [...Array<Readable & Writable>, Writable] },
): Promise<void> {
  const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: [streams.input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  const stderr: Buffer[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new ToolMissingError(tool) : error));
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  const streamErrors: Error[] = [];
  // Attached before pipeline's own listeners, so the kill comes before the streams are torn down.
  for (const stream of [...(streams.input ?? []), ...(streams.output ?? [])]) {
    stream.on('error', (error: Error) => {
      streamErrors.push(error);
      child.kill('SIGKILL');
    });
  }
  const flows: Array<Promise<void>> = [];
  if (streams.input) flows.push(pipeline([...streams.input, child.stdin!]));
  if (streams.output) flows.push(pipeline([child.stdout!, ...streams.output]));
  else child.stdout!.resume();
  const [flowResults, exit] = await Promise.all([Promise.allSettled(flows), exited.catch((error: Error) => error)]);
  if (exit instanceof Error) throw exit;
  // The cause first: a stream that failed by itself (a file that does not decrypt, a full disk), then the
  // program's own failure, and only then the broken pipe that either leaves behind.
  const [cause] = [...streamErrors, ...flowResults.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []))].filter(
    (error) => !BROKEN_PIPE.has((error as NodeJS.ErrnoException).code ?? ''),
  );
  if (cause) throw cause;
  if (exit.code !== 0) {
    const why = Buffer.concat(stderr).toString().trim() || `exit ${exit.code ?? exit.signal}`;
    throw new Error(`${tool} failed: ${why}`);
  }
  const [brokenPipe] = [...streamErrors, ...flowResults.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []))];
  if (brokenPipe) throw brokenPipe;
}

/** What a stream reports when the other end went away: never the cause of a failure, only its echo. */
const BROKEN_PIPE = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/**
 * libpq's view of a DATABASE_URL: the URL without its password for the command line (where any user of
 * the machine can read it in `ps`), and the password in PGPASSWORD.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` → that line. */
export async function toolVersion(tool: string): Promise<string> {
  return (await runTool(tool, ['--version'])).trim();
}
