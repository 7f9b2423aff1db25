import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/**
 * V8's flags for a service process, as the image sets them (NODE_OPTIONS in the Dockerfile; test/deploy/node-runtime
 * keeps the two equal). Node 24's V8 lets the young generation grow to 64 MB a semi-space on a big machine, where
 * Node 20's stopped at 16: a refused 3.6 MB import then left contacts 33-36 times its size larger, not 16
 * (reliability upload-memory); at 16 MB it is 6 times.
 */
export const SERVICE_V8_FLAGS = ['--max-semi-space-size=16'];

/** Any compiled entry point (a service's or the gateway's `main.js`) as its own process, its JSON log lines collected. */
export function startNodeProcess(main: string, env: Record<string, string | undefined>, args: string[] = []): ServiceProcess {
  // CPU_PROFILE_DIR=<dir> makes each child write a V8 CPU profile there when it exits (see docs/benchmarks.md).
  const profiling = process.env.CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROFILE_DIR] : [];
  const child = spawn(process.execPath, [...SERVICE_V8_FLAGS, ...profiling, main, ...args], {
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

/**
 * A port nothing listens on right now, to listen on later (a service started, or restarted, where the
 * gateway expects it). Drawn below the kernel's ephemeral range: a port from it (what listening on port 0
 * gives) can be taken meanwhile by any outgoing connection, and a client retrying a closed port of that
 * range can be handed the very port as its own source and connect to itself.
 */
export async function freePort(): Promise<number> {
  const [low, high] = portsBelowEphemeralRange();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

let belowEphemeral: [number, number] | undefined;

/** [lowest, first ephemeral): the ports `freePort` draws from, read from the kernel once. */
export function portsBelowEphemeralRange(): [number, number] {
  if (belowEphemeral) return belowEphemeral;
  let firstEphemeral = 32_768;
  try {
    firstEphemeral = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || firstEphemeral;
  } catch {
    // not Linux: the usual range
  }
  belowEphemeral = [Math.max(1_024, firstEphemeral - 12_000), firstEphemeral];
  return belowEphemeral;
}

function canListen(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
