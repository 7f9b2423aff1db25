import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/processes';

/*
 * A local CA, and PostgreSQL, RabbitMQ and Redis servers that speak TLS only, each a throwaway of its own in a
 * temporary folder on spare ports: the machine's servers cannot be given a TLS listener without a restart, which
 * would cut every other test run. The server certificate names `localhost` only, so the same server reached as
 * 127.0.0.1 fails the name check.
 */

const run = promisify(execFile);

export interface LocalCa {
  /** The CA that signed the servers' and the client's certificates. */
  caFile: string;
  /** A CA that signed nothing here: a client trusting only it must refuse every server. */
  otherCaFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  /** A client certificate of the CA, for the servers that ask for one (Redis). */
  clientCertFile: string;
  clientKeyFile: string;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** Makes the CAs and certificates with openssl (about 50 ms). */
export async function makeLocalCa(dir: string): Promise<LocalCa> {
  const file = (name: string) => join(dir, name);
  const selfSigned = (name: string, subject: string) =>
    run('openssl', ['req', '-x509', ...EC_KEY, '-keyout', file(`${name}.key`), '-out', file(`${name}.crt`), '-days', '2', '-subj', subject]);
  const signed = async (name: string, subject: string, extensions: string) => {
    await run('openssl', ['req', '-new', ...EC_KEY, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', subject]);
    writeFileSync(file(`${name}.ext`), extensions);
    await run('openssl', ['x509', '-req', '-in', file(`${name}.csr`), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-out', file(`${name}.crt`), '-extfile', file(`${name}.ext`)]);
  };
  await Promise.all([selfSigned('ca', '/CN=crm test CA'), selfSigned('other-ca', '/CN=another CA')]);
  await signed('server', '/CN=crm test server', 'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n');
  await signed('client', '/CN=crm-gateway', 'extendedKeyUsage=clientAuth\n');
  return {
    caFile: file('ca.crt'),
    otherCaFile: file('other-ca.crt'),
    serverCertFile: file('server.crt'),
    serverKeyFile: file('server.key'),
    clientCertFile: file('client.crt'),
    clientKeyFile: file('client.key'),
  };
}

export interface TlsServer {
  port: number;
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL's binaries of the newest version installed (Debian's /usr/lib/postgresql/<version>/bin). */
function postgresBin(program: string): string {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', program)))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`${program} of PostgreSQL not found under /usr/lib/postgresql (scripts/ensure-servers.sh installs it)`);
  return join('/usr/lib/postgresql', versions[0]!, 'bin', program);
}

/**
 * A PostgreSQL cluster (initdb, about 0.5 s) that takes TLS connections only (`hostssl`, nothing else in
 * pg_hba.conf), as the user postgres when the tests run as root (PostgreSQL refuses to run as root).
 */
export async function startTlsPostgres(dir: string, ca: LocalCa): Promise<TlsServer> {
  const home = join(dir, 'postgres');
  mkdirSync(home);
  const certFile = join(home, 'server.crt');
  const keyFile = join(home, 'server.key');
  copyFileSync(ca.serverCertFile, certFile);
  copyFileSync(ca.serverKeyFile, keyFile);
  chmodSync(keyFile, 0o600);
  const asPostgres = async (program: string, args: string[]) => {
    const [command, commandArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
    await run(command, commandArgs);
  };
  if (isRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    for (const path of [home, certFile, keyFile]) chownSync(path, uid, gid);
    chmodSync(dir, 0o711); // postgres reaches its folder; the CA's keys stay unreadable
  }
  const data = join(home, 'data');
  await asPostgres(postgresBin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  // Written by the owner of the data folder, so it stays the owner of the file.
  await asPostgres('sh', ['-c', `printf 'local all all trust\\nhostssl all all 127.0.0.1/32 trust\\n' > '${join(data, 'pg_hba.conf')}'`]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${home}`,
    '-c listen_addresses=127.0.0.1',
    '-c ssl=on',
    `-c ssl_cert_file=${certFile}`,
    `-c ssl_key_file=${keyFile}`,
    '-c fsync=off',
    '-c max_connections=40',
  ].join(' ');
  await asPostgres(postgresBin('pg_ctl'), ['-D', data, '-w', '-s', '-l', join(home, 'log'), '-o', settings, 'start']);
  return { port, stop: () => asPostgres(postgresBin('pg_ctl'), ['-D', data, '-w', '-s', '-m', 'immediate', 'stop']) };
}

/** Its output so far, for the error when it does not start. */
function captureOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return () => output;
}

/** Resolves once the process prints `ready`; rejects when it exits first or `timeoutMs` passes. */
function waitForOutput(child: ChildProcess, output: () => string, ready: string, timeoutMs: number, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!output().includes(ready)) return;
      done();
      resolve();
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`${name} exited (${code}) before it was ready:\n${output().slice(-2000)}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${name} not ready after ${timeoutMs} ms:\n${output().slice(-2000)}`));
    }, timeoutMs);
    function done() {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onExit);
    }
    child.stdout?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

/** Stops a server this helper started (its process group, when it was given one), and waits for it to go. */
function killed(child: ChildProcess, group: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(group ? -child.pid! : child.pid!, 'SIGKILL');
  return exited;
}

/**
 * Redis (Debian's is built with TLS) on a TLS port only (`--port 0`), asking clients for a certificate of the CA
 * (`tls-auth-clients yes`, Redis's default once TLS is on).
 */
export async function startTlsRedis(dir: string, ca: LocalCa): Promise<TlsServer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    [
      '--port', '0',
      '--tls-port', String(port),
      '--bind', '127.0.0.1',
      '--tls-cert-file', ca.serverCertFile,
      '--tls-key-file', ca.serverKeyFile,
      '--tls-ca-cert-file', ca.caFile,
      '--tls-auth-clients', 'yes',
      '--save', '',
      '--appendonly', 'no',
      '--dir', dir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = captureOutput(child);
  try {
    await waitForOutput(child, output, 'Ready to accept connections', 10_000, 'redis-server');
  } catch (error) {
    await killed(child, false);
    throw error;
  }
  return { port, stop: () => killed(child, false) };
}

export interface TlsRabbitMq extends TlsServer {
  /** The only user, made at the node's first start (`default_user`). */
  user: string;
  password: string;
}

/**
 * A RabbitMQ node of its own (about 5 s to start): its own name, database and cookie in `dir`, a TLS listener
 * only (`listeners.tcp = none`). It asks for a client certificate and checks one given (`verify_peer`), but does
 * not insist on one. It registers with the machine's epmd, as the machine's node does, and goes with it.
 */
export async function startTlsRabbitMq(dir: string, ca: LocalCa, user: string): Promise<TlsRabbitMq> {
  const home = join(dir, 'rabbitmq');
  mkdirSync(home);
  const [port, distPort] = [await freePort(), await freePort()];
  const password = 'tls-test-password-not-for-production';
  writeFileSync(
    join(home, 'rabbitmq.conf'),
    [
      'listeners.tcp = none',
      `listeners.ssl.default = 127.0.0.1:${port}`,
      `ssl_options.cacertfile = ${ca.caFile}`,
      `ssl_options.certfile = ${ca.serverCertFile}`,
      `ssl_options.keyfile = ${ca.serverKeyFile}`,
      'ssl_options.verify = verify_peer',
      'ssl_options.fail_if_no_peer_cert = false',
      `default_user = ${user}`,
      `default_pass = ${password}`,
      '',
    ].join('\n'),
  );
  writeFileSync(join(home, 'enabled_plugins'), '[].\n');
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('RABBITMQ_')));
  const child = spawn('/usr/lib/rabbitmq/bin/rabbitmq-server', [], {
    env: {
      ...environment,
      HOME: home, // its Erlang cookie
      RABBITMQ_NODENAME: `crmtls${process.pid}@localhost`,
      RABBITMQ_DIST_PORT: String(distPort),
      RABBITMQ_CONFIG_FILE: join(home, 'rabbitmq.conf'),
      RABBITMQ_ENABLED_PLUGINS_FILE: join(home, 'enabled_plugins'),
      RABBITMQ_MNESIA_BASE: join(home, 'mnesia'),
      RABBITMQ_LOG_BASE: join(home, 'log'),
      RABBITMQ_LOGS: '-',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // a process group of its own: the script and the Erlang VM it starts go together
  });
  const output = captureOutput(child);
  try {
    await waitForOutput(child, output, 'Server startup complete', 60_000, 'rabbitmq-server');
  } catch (error) {
    await killed(child, true);
    throw error;
  }
  return { port, user, password, stop: () => killed(child, true) };
}
