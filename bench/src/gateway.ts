import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, serviceMain, startNodeProcess, type ServiceProcess } from '@crm/system';
import { Client } from 'pg';
import { BENCH_ENV, api, freshBenchDatabase } from './bench-system';
import { seedLeads } from './seed-leads';
import type { LoadFigures, LoadSpec } from './support/load-generator';

/**
 * Gateway throughput (issue 8, benchmark 1; targets: at 50 connections, `GET /api/leads/<id>/` through the
 * gateway at half the requests per second of a bare express → http-proxy-middleware → express hello-world
 * or more, with p99 under 50 ms).
 *
 * Arrangement, the same on every side: the proxy in one process, what it forwards to in another, the load
 * generator (autocannon) in a third. Our side is the compiled gateway (`gateway/dist/main.js`) in front of
 * the leads service, with auth beside it (registration, login, the key set): the only services the setup and
 * the measured request touch, so idle ones do not share the two cores. Everything real: a tenant registered
 * through the gateway, its JWT access token, leads bulk-loaded (seed-leads.ts), the rate limiter counting in
 * Redis (limits raised out of the way). A third side, the same gateway in front of the hello-world, tells
 * the gateway's own cost apart from the leads service's. The sides run in turn, each warmed up first; any
 * error or non-2xx answer fails the run. Besides requests per second and latency, each run prints the CPU
 * time the proxy and the upstream process spent per request: a figure that other load on the machine
 * changes much less.
 *
 * Compression (issue 23.5): a page of 100 leads (about 60 KB of JSON) through the gateway to the leads
 * service, uncompressed, then as clients accepting gzip and brotli get it, in turn in each round; printed
 * with the bytes per answer and the ratios of the compressed runs to the uncompressed one.
 *
 * Tracing (issue 23.4; target: at most 5 % fewer requests per second): two more gateway → leads sides, started
 * and warmed up alike (the first side, which also seeds and serves the rounds above, is some 5 % slower than a
 * fresh one), one untraced, one with the gateway and leads tracing every request (the default sampler and
 * batching) to a no-op exporter (`OTEL_TRACES_EXPORTER=none`: the target's setting), or, with
 * `BENCH_TRACING_EXPORT=otlp`, as OTLP/HTTP protobuf to an endpoint in this process that takes every export
 * and drops it, as a collector would take them (the cost of the export itself too). After the rounds above they run in ABBA order in each round (untraced, traced,
 * traced, untraced), so a drift of the machine weighs on both alike; printed with the ratios of the traced
 * side's req/s and CPU per request to the untraced side's. The processes take the OTEL_* settings of the
 * benchmark's environment: `OTEL_TRACES_SAMPLER=parentbased_traceidratio OTEL_TRACES_SAMPLER_ARG=0.1` measures
 * the traced side recording one trace in ten.
 *
 *   npm run bench -- gateway
 *   BENCH_DURATION_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS, BENCH_LEADS change the run's sizes.
 */
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SEEDED_LEADS = Number(process.env.BENCH_LEADS ?? 5_000);
/** Distinct leads the requests cycle through. */
const REQUESTED_LEADS = 100;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
/** Traced / untraced requests per second, at least. */
const TARGET_TRACED_RATIO = 0.95;
/** BENCH_TRACING_EXPORT=otlp: the traced side exports to a sink over OTLP, not to a no-op exporter. */
const EXPORT_OVER_OTLP = process.env.BENCH_TRACING_EXPORT === 'otlp';
/** The compression runs: list pages of 100 leads, the first `LIST_PAGES` pages in turn. */
const PAGE_SIZE = 100;
const LIST_PAGES = 10;
/** The `Accept-Encoding` of each compression run. */
const CODINGS = ['identity', 'gzip', 'br'];

const GATEWAY_MAIN = path.resolve(__dirname, '../../gateway/dist/main.js');
const BASELINE_MAIN = path.join(__dirname, 'support/proxy-baseline.js');
const LOAD_GENERATOR_MAIN = path.join(__dirname, 'support/load-generator.js');

interface Server {
  url: string;
  process: ServiceProcess;
}

/** A side of the comparison: the proxy the load goes to and the server behind it. */
interface Side {
  label: string;
  proxy: Server;
  upstream: Server;
}

/** Figures of one run, with the CPU time each process of the side spent per request. */
interface RunFigures extends LoadFigures {
  proxyCpuMs: number;
  upstreamCpuMs: number;
}

/** Starts a compiled entry point on a free port and waits until `probePath` answers 200. */
async function startServer(main: string, portSetting: string, probePath: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const started = startNodeProcess(main, { ...env, [portSetting]: String(port) });
  const server = { url: `http://127.0.0.1:${port}`, process: started };
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (started.child.exitCode !== null) throw new Error(`${main} exited at start: ${JSON.stringify(started.lines.slice(-10))}`);
    const status = await fetch(`${server.url}${probePath}`).then((response) => response.status, () => 0);
    if (status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${main} never answered ${probePath}`);
}

/**
 * CPU time (user + system) a process has used so far, in ms, from Linux's /proc (clock ticks of 10 ms).
 * Per request, it is a figure other load on the machine does not change much, unlike requests per second.
 */
function cpuMs(server: Server): number {
  const fields = readFileSync(`/proc/${server.process.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function stopServer(server: Server): Promise<void> {
  if (server.process.child.exitCode === null) server.process.child.kill('SIGTERM');
  await server.process.exited;
}

/**
 * Where the traced side sends its spans: an OTLP/HTTP endpoint answering every export 200 and keeping nothing
 * (what a collector does with them is the collector's cost). Counts the exports, to tell the side did trace.
 */
async function startOtlpSink(): Promise<{ url: string; exports: () => number; close(): void }> {
  let exports = 0;
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exports: () => exports, close: () => server.close() };
}

/**
 * The sides: the baseline; our gateway in front of the leads service (what the targets are about); the same
 * gateway in front of the baseline's hello-world, which tells the gateway's own cost (JWT, scope, rate limit,
 * internal token) apart from the leads service's; and a pair of gateway → leads alike but for tracing, one of them
 * tracing to `otlpSink`. auth serves every gateway.
 */
async function startSides(servers: Server[], otlpSink: string): Promise<{ baseline: Side; gatewayToHello: Side; ours: Side; untraced: Side; traced: Side }> {
  const started = async (...args: Parameters<typeof startServer>) => {
    const server = await startServer(...args);
    servers.push(server);
    return server;
  };
  const hello = await started(BASELINE_MAIN, 'PORT', '/', { BASELINE_ROLE: 'upstream' });
  const bareProxy = await started(BASELINE_MAIN, 'PORT', '/', { BASELINE_ROLE: 'proxy', TARGET: hello.url });
  const auth = await started(serviceMain('auth'), 'PORT', '/readyz', BENCH_ENV);
  const leads = await started(serviceMain('leads'), 'PORT', '/readyz', BENCH_ENV);
  const untracedLeads = await started(serviceMain('leads'), 'PORT', '/readyz', BENCH_ENV);
  const tracing: Record<string, string> = EXPORT_OVER_OTLP ? { OTEL_EXPORTER_OTLP_ENDPOINT: otlpSink } : { OTEL_TRACES_EXPORTER: 'none' };
  const tracedLeads = await started(serviceMain('leads'), 'PORT', '/readyz', { ...BENCH_ENV, ...tracing });
  const gatewayTo = (upstream: Server, env: Record<string, string> = {}) =>
    // Several gateways run at once: each its own metrics port.
    started(GATEWAY_MAIN, 'GATEWAY_PORT', '/readyz', {
      ...BENCH_ENV,
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      AUTH_SERVICE_URL: auth.url,
      LEADS_SERVICE_URL: upstream.url,
      ...env,
    });
  return {
    baseline: { label: 'baseline', proxy: bareProxy, upstream: hello },
    gatewayToHello: { label: 'gateway → hello', proxy: await gatewayTo(hello), upstream: hello },
    ours: { label: 'gateway → leads', proxy: await gatewayTo(leads), upstream: leads },
    untraced: { label: 'gateway → leads, untraced', proxy: await gatewayTo(untracedLeads), upstream: untracedLeads },
    traced: { label: 'gateway → leads, traced', proxy: await gatewayTo(tracedLeads, tracing), upstream: tracedLeads },
  };
}

/** Runs the load generator in its own process against the side; throws on any error or non-2xx answer. */
async function generateLoad(side: Side, spec: Omit<LoadSpec, 'baseUrl'>, run: string): Promise<RunFigures> {
  const cpuBefore = [cpuMs(side.proxy), cpuMs(side.upstream)];
  const { stdout } = await promisify(execFile)(process.execPath, [LOAD_GENERATOR_MAIN, JSON.stringify({ ...spec, baseUrl: side.proxy.url })]);
  const cpuAfter = [cpuMs(side.proxy), cpuMs(side.upstream)];
  const figures = JSON.parse(stdout) as LoadFigures;
  if (figures.errors > 0 || figures.non2xx > 0 || figures.requests === 0) {
    throw new Error(`${run} of the ${side.label}: ${figures.errors} errors and ${figures.non2xx} non-2xx answers of ${figures.requests} requests`);
  }
  return {
    ...figures,
    proxyCpuMs: (cpuAfter[0]! - cpuBefore[0]!) / figures.requests,
    upstreamCpuMs: (cpuAfter[1]! - cpuBefore[1]!) / figures.requests,
  };
}

/** One request through each side, checked, so a broken setup cannot pass for a fast one. */
async function checkAnswers(sides: { baseline: Side; gatewayToHello: Side; ours: Side }, leadId: string, token: string): Promise<void> {
  const path = `/api/leads/${leadId}/`;
  const response = await fetch(`${sides.ours.proxy.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const lead = (await response.json()) as { id?: string; custom_field_definitions?: unknown };
  if (response.status !== 200 || lead.id !== leadId || !Array.isArray(lead.custom_field_definitions)) {
    throw new Error(`the gateway answered ${path} with ${response.status} ${JSON.stringify(lead).slice(0, 200)}`);
  }
  if (!response.headers.get('ratelimit')) throw new Error('the gateway did not count the request against a rate limit');
  for (const side of [sides.baseline, sides.gatewayToHello]) {
    const hello = await api(side.proxy.url, 'GET', path, token);
    if (hello.hello !== 'world') throw new Error(`the ${side.label} answered ${JSON.stringify(hello)}`);
  }
}

/** A list page through our gateway in each coding, checked: compressed as asked, and a whole page. */
async function checkListPages(ours: Side, path: string, token: string): Promise<void> {
  for (const coding of CODINGS) {
    const response = await fetch(`${ours.proxy.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': coding } });
    const page = (await response.json()) as { results?: unknown[] };
    const encoding = response.headers.get('content-encoding') ?? 'identity';
    if (response.status !== 200 || encoding !== coding || page.results?.length !== PAGE_SIZE) {
      throw new Error(`the gateway answered ${path} (Accept-Encoding ${coding}) with ${response.status}, ${encoding}, ${page.results?.length} leads`);
    }
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const kbPerRequest = (figures: RunFigures) => figures.bytes / figures.requests / 1024;
const line = (label: string, figures: RunFigures) =>
  `${label.padEnd(26)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  p50 ${figures.p50.toFixed(0).padStart(3)} ms  ` +
  `p99 ${figures.p99.toFixed(0).padStart(3)} ms  ${kbPerRequest(figures).toFixed(1)} KB/answer  CPU/request: proxy ${figures.proxyCpuMs.toFixed(2)} ms, upstream ` +
  `${figures.upstreamCpuMs.toFixed(2)} ms  (${figures.requests} requests, errors ${figures.errors}, non-2xx ${figures.non2xx})`;
const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');

/**
 * The list pages through our gateway in each coding, in turn in each round; the means of the rounds, and
 * each compressed coding's ratios to the uncompressed run: bytes per answer, req/s, the gateway's CPU per request.
 */
async function compareEncodings(ours: Side, load: Omit<LoadSpec, 'baseUrl' | 'durationSeconds'>): Promise<void> {
  const withCoding = (coding: string) => ({ ...load, headers: { ...load.headers, 'accept-encoding': coding } });
  await generateLoad(ours, { ...withCoding('identity'), durationSeconds: WARMUP_SECONDS }, 'the list warm-up');
  console.log(`GET /api/leads/?page_size=${PAGE_SIZE} (pages 1 to ${LIST_PAGES} in turn) through the gateway → leads, ${CONNECTIONS} connections, by Accept-Encoding:`);
  const runs = new Map<string, RunFigures[]>(CODINGS.map((coding) => [coding, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const coding of CODINGS) {
      const figures = await generateLoad(ours, { ...withCoding(coding), durationSeconds: DURATION_SECONDS }, `round ${round} (${coding})`);
      runs.get(coding)!.push(figures);
      console.log(line(`  round ${round} ${coding}`, figures));
    }
  }
  const meanOf = (coding: string, figure: (figures: RunFigures) => number) => mean(runs.get(coding)!.map(figure));
  const perSecond = (figures: RunFigures) => figures.perSecond;
  const proxyCpu = (figures: RunFigures) => figures.proxyCpuMs;
  console.log(`mean of ${ROUNDS} runs:`);
  for (const coding of CODINGS) {
    console.log(`  ${coding.padEnd(8)} ${meanOf(coding, perSecond).toFixed(0).padStart(6)} req/s  ${meanOf(coding, kbPerRequest).toFixed(1)} KB/answer  gateway CPU/request ${meanOf(coding, proxyCpu).toFixed(2)} ms`);
  }
  for (const coding of ['gzip', 'br']) {
    const ratio = (figure: (figures: RunFigures) => number) => meanOf(coding, figure) / meanOf('identity', figure);
    console.log(`  ${coding}/identity: bytes ${ratio(kbPerRequest).toFixed(3)}, req/s ${ratio(perSecond).toFixed(2)}, gateway CPU/request ${ratio(proxyCpu).toFixed(2)}`);
  }
}

/**
 * The untraced and the traced gateway → leads, in ABBA order in each round; the means, and the traced side's ratios
 * to the untraced one: req/s (each round's too, to show the noise) and the CPU per request of the gateway and of leads.
 */
async function compareTracing(untraced: Side, traced: Side, load: Omit<LoadSpec, 'baseUrl' | 'durationSeconds'>, exports: () => number): Promise<void> {
  for (const side of [untraced, traced]) await generateLoad(side, { ...load, durationSeconds: WARMUP_SECONDS }, `the warm-up of the ${side.label}`);
  const exported = EXPORT_OVER_OTLP ? 'every span exported over OTLP' : 'spans recorded, a no-op exporter';
  console.log(`GET /api/leads/<id>/ through the gateway → leads, untraced and traced (${exported}), ${CONNECTIONS} connections, ABBA in each round:`);
  const runs = new Map<Side, RunFigures[]>([
    [untraced, []],
    [traced, []],
  ]);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const side of [untraced, traced, traced, untraced]) {
      const figures = await generateLoad(side, { ...load, durationSeconds: DURATION_SECONDS }, `round ${round} (${side.label})`);
      runs.get(side)!.push(figures);
      console.log(line(`  round ${round} ${side === untraced ? 'untraced' : 'traced'}`, figures));
    }
  }
  // After the rounds: a sampled side may well not have filled a batch (512 spans) by the end of its warm-up.
  if (EXPORT_OVER_OTLP && exports() === 0) throw new Error('the traced side exported no spans');
  // Each side has two runs a round: runs `from` to `to` (exclusive) are some rounds' own.
  const meanOf = (side: Side, figure: (figures: RunFigures) => number, from = 0, to = 2 * ROUNDS) => mean(runs.get(side)!.slice(from, to).map(figure));
  const ratio = (figure: (figures: RunFigures) => number, from?: number, to?: number) => meanOf(traced, figure, from, to) / meanOf(untraced, figure, from, to);
  const perSecond = (figures: RunFigures) => figures.perSecond;
  const tracedRatio = ratio(perSecond);
  const rounds = Array.from({ length: ROUNDS }, (_, round) => ratio(perSecond, 2 * round, 2 * round + 2).toFixed(3));
  console.log(`mean of ${2 * ROUNDS} runs each${EXPORT_OVER_OTLP ? ` (${exports()} OTLP exports taken and dropped)` : ''}:`);
  console.log(`  untraced ${meanOf(untraced, perSecond).toFixed(0).padStart(6)} req/s, traced ${meanOf(traced, perSecond).toFixed(0).padStart(6)} req/s`);
  console.log(`  traced / untraced req/s  ${tracedRatio.toFixed(3)} (rounds: ${rounds.join(', ')})  target >= ${TARGET_TRACED_RATIO}  ${verdict(tracedRatio >= TARGET_TRACED_RATIO)}`);
  console.log(`  traced / untraced CPU per request: gateway ${ratio((figures) => figures.proxyCpuMs).toFixed(2)}, leads ${ratio((figures) => figures.upstreamCpuMs).toFixed(2)}`);
}

async function main(): Promise<void> {
  await freshBenchDatabase();
  const servers: Server[] = [];
  const otlpSink = await startOtlpSink();
  let db: Client | undefined;
  try {
    const sides = await startSides(servers, otlpSink.url);
    const { baseline, gatewayToHello, ours, untraced, traced } = sides;
    db = new Client({ connectionString: BENCH_ENV.DATABASE_URL });
    await db.connect();
    const [tenant] = await seedLeads(ours.proxy.url, db, 1, SEEDED_LEADS);
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM leads.leads WHERE tenant_id = $1 ORDER BY random() LIMIT $2`, [
      tenant!.orgId,
      REQUESTED_LEADS,
    ]);
    const token = tenant!.admin.access;
    await checkAnswers(sides, rows[0]!.id, token);
    const listPaths = Array.from({ length: LIST_PAGES }, (_, page) => `/api/leads/?page_size=${PAGE_SIZE}&page=${page + 1}`);
    await checkListPages(ours, listPaths[0]!, token);

    const load = { paths: rows.map(({ id }) => `/api/leads/${id}/`), headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS };
    const order = [baseline, gatewayToHello, ours];
    for (const side of order) await generateLoad(side, { ...load, durationSeconds: WARMUP_SECONDS }, 'the warm-up');

    console.log(`GET /api/leads/<id>/ (${load.paths.length} of ${SEEDED_LEADS} leads in turn), ${CONNECTIONS} connections, ${DURATION_SECONDS} s a run, LOG_LEVEL ${BENCH_ENV.LOG_LEVEL}:`);
    const runs = new Map<Side, RunFigures[]>(order.map((side) => [side, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const side of order) {
        const figures = await generateLoad(side, { ...load, durationSeconds: DURATION_SECONDS }, `round ${round}`);
        runs.get(side)!.push(figures);
        console.log(line(`  round ${round} ${side.label}`, figures));
      }
    }
    for (const side of [gatewayToHello, ours]) {
      if (side.proxy.process.lines.some((entry) => /in.memory/.test(String(entry.msg)))) {
        throw new Error(`the ${side.label} gateway fell back to in-memory rate limits: Redis was not in the measured path`);
      }
    }

    const rate = (side: Side) => mean(runs.get(side)!.map((figures) => figures.perSecond));
    const ratio = rate(ours) / rate(baseline);
    const worstP99 = Math.max(...runs.get(ours)!.map((figures) => figures.p99));
    const summary = (side: Side, what: string) => `  ${side.label.padEnd(16)} ${rate(side).toFixed(0).padStart(6)} req/s  ${what}`;
    console.log(`mean of ${ROUNDS} runs:`);
    console.log(summary(baseline, 'express → http-proxy-middleware → express hello-world'));
    console.log(summary(gatewayToHello, `the gateway alone (JWT, scopes, rate limit in Redis, internal token): ${(rate(gatewayToHello) / rate(baseline)).toFixed(2)} of the baseline, no target`));
    console.log(summary(ours, 'GET of a lead: the gateway, the leads service, PostgreSQL'));
    console.log(`  gateway → leads / baseline req/s  ${ratio.toFixed(2)}  target >= ${TARGET_RATIO}   ${verdict(ratio >= TARGET_RATIO)}`);
    console.log(`  gateway → leads p99 (worst run)   ${worstP99.toFixed(0)} ms  target < ${TARGET_P99_MS} ms  ${verdict(worstP99 < TARGET_P99_MS)}`);

    await compareTracing(untraced, traced, load, otlpSink.exports);
    await compareEncodings(ours, { ...load, paths: listPaths });
  } finally {
    await db?.end();
    for (const server of servers.reverse()) await stopServer(server);
    otlpSink.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
