import { spawn } from 'node:child_process';

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
