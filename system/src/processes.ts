import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A service running as its own process: the compiled `main.js`, as containers run it. */
export interface ServiceProcess {
  child: ChildProcessWithoutNullStreams;
  /** Its JSON log lines so far. */
  lines: Array<Record<string, unknown>>;
  exited: Promise<number | null>;
}

export function serviceMain(service: string): string {
  return path.resolve(__dirname, `../../services/${service}/dist/main.js`);
}

/** `args`: after the main script, e.g. `['migrate']`. */
export function startServiceProcess(service: string, env: Record<string, string | undefined>, args: string[] = []): ServiceProcess {
  return startNodeProcess(serviceMain(service), env, args);
}

/** Every process started here and still running: none may outlive this process, however it ends. */
const liveChildren = new Set<ChildProcessWithoutNullStreams>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

/** Any compiled entry point (a service's or the gateway's `main.js`) as its own process, its JSON log lines collected. */
export function startNodeProcess(main: string, env: Record<string, string | undefined>, args: string[] = []): ServiceProcess {
  // CPU_PROFILE_DIR=<dir> makes each child write a V8 CPU profile there when it exits (see docs/benchmarks.md).
  const profiling = process.env.CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROFILE_DIR] : [];
  const child = spawn(process.execPath, [...profiling, main, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });
  const lines: Array<Record<string, unknown>> = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      if (!line.trim()) continue;
      try {
        lines.push(JSON.parse(line));
      } catch {
        lines.push({ msg: line });
      }
    }
  });
  child.stderr.resume();
  liveChildren.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      liveChildren.delete(child);
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  return { child, lines, exited };
}

export async function waitForLine(started: ServiceProcess, message: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = started.lines.find((l) => l.msg === message);
    if (line) return line;
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`the process exited before logging "${message}"; last lines ${JSON.stringify(started.lines.slice(-20))}`);
    }
    if (Date.now() > deadline) throw new Error(`no "${message}" log line; got ${JSON.stringify(started.lines.slice(-20))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nothing listens on right now, so a restarted service comes back where the gateway expects it. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
