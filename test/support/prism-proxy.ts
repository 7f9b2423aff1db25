import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/**
 * Stoplight Prism in proxy mode in front of a gateway (`npm run contracts:prism`): every request and
 * answer of the suite passes through it and each answer that differs from `contracts/openapi.json` is
 * logged as `Violation: response…` to the file `PRISM_LOG` names. A tool nobody here wrote, checking the
 * same document the suites' own check reads.
 */
export async function prismProxy(gatewayUrl: string, logFile: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const document = resolve(__dirname, '../../contracts/openapi.json');
  const prism: ChildProcess = spawn(
    'npm',
    ['exec', '--yes', '--package=@stoplight/prism-cli@5.16.0', '--', 'prism', 'proxy', document, gatewayUrl, '-p', String(port), '-h', '127.0.0.1', '--errors=false'],
    // A group of its own: `npm exec` runs Prism as a child, and stopping must stop both.
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const log = createWriteStream(logFile, { flags: 'a' });
  prism.stdout!.pipe(log);
  prism.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (prism.exitCode !== null) throw new Error(`prism exited with ${prism.exitCode}`);
    if (await fetch(`${url}/livez`).then(() => true, () => false)) break;
    if (Date.now() > deadline) throw new Error('prism did not start within 60 s');
    await new Promise((done) => setTimeout(done, 250));
  }
  return { url, stop: () => process.kill(-prism.pid!) };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}
