import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { evaluate } from '../../test/support/instant-promql';
import { parsePrometheus, type Sample } from '../../test/support/prometheus-text';
import { eventually } from '../../test/support/tenants';
import { closedPort, signAccessToken } from './support/fake-upstreams';
import { ALL_SCOPES, bearer, startTestGateway, startUpstreams, type Upstreams } from './support/gateway-harness';

/**
 * The alerts of k8s/observability/prometheus-rule.yaml that read the gateway, evaluated on what a real
 * gateway exports (test/support/instant-promql.ts: one instant, two scrapes for a rate): its Redis away
 * (CrmGatewayRedisDown), the platform down (CrmPlatformDown), and the SLOs' ratios on its API requests.
 */
interface Rule {
  alert?: string;
  record?: string;
  expr: string;
}
const ruleFile = parse(readFileSync(path.resolve(__dirname, '../../k8s/observability/prometheus-rule.yaml'), 'utf8')) as { spec: { groups: Array<{ rules: Rule[] }> } };
const rules = ruleFile.spec.groups.flatMap((group) => group.rules);
const exprOf = (name: string) => {
  const rule = rules.find((each) => each.alert === name || each.record === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return String(rule.expr);
};

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
const scrape = async (gateway: Gateway): Promise<Sample[]> => parsePrometheus(await (await fetch(`${gateway.metricsUrl}/metrics`)).text());
const redisUp = (samples: Sample[]) => samples.find((sample) => sample.name === 'crm_dependency_up' && sample.labels.dependency === 'redis')?.value;

describe("the gateway's Redis in the alerts", () => {
  let upstreams: Upstreams;
  beforeAll(async () => {
    upstreams = await startUpstreams();
  });
  afterAll(() => upstreams.close());

  it('reports Redis unreachable as crm_dependency_up{dependency="redis"} 0, and CrmGatewayRedisDown fires on the scrape', async () => {
    const gateway = await startTestGateway({ ...upstreams.env, REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const samples = await eventually(async () => {
        const scraped = await scrape(gateway);
        return redisUp(scraped) === 0 ? scraped : undefined;
      }, 5_000, 'crm_dependency_up{dependency="redis"} 0');
      expect(evaluate(exprOf('CrmGatewayRedisDown'), { now: samples })).toEqual([{ labels: { service: 'gateway' }, value: 0 }]);
      // Not the services' alert: the API still answers.
      expect(evaluate(exprOf('CrmDependencyDown'), { now: samples })).toEqual([]);
      expect(await (await fetch(`${gateway.url}/readyz`)).json()).toEqual({ status: 'ready', dependencies: { redis: false } });
    } finally {
      await gateway.stop();
    }
  });

  it('reports the real Redis up: 1, no alert', async () => {
    const gateway = await startTestGateway(upstreams.env);
    try {
      // The first check has answered once the value is 1 and /readyz says so (before it, 1 is the default).
      const readiness = async () => ((await (await fetch(`${gateway.url}/readyz`)).json()) as { dependencies: Record<string, boolean> }).dependencies;
      await eventually(async () => ((await readiness()).redis === true ? true : undefined), 5_000, 'Redis seen up');
      const samples = await scrape(gateway);
      expect(redisUp(samples)).toBe(1);
      expect(evaluate(exprOf('CrmGatewayRedisDown'), { now: samples })).toEqual([]);
      // A gateway scraped: the platform is not down; nothing scraped, it is.
      await fetch(`${gateway.url}/livez`);
      expect(evaluate(exprOf('CrmPlatformDown'), { now: await scrape(gateway) })).toEqual([]);
      expect(evaluate(exprOf('CrmPlatformDown'), { now: [] })).toHaveLength(1);
    } finally {
      await gateway.stop();
    }
  });

  it('without REDIS_URL has no Redis to watch: no series', async () => {
    const gateway = await startTestGateway({ ...upstreams.env, REDIS_URL: '' });
    try {
      expect(redisUp(await scrape(gateway))).toBeUndefined();
    } finally {
      await gateway.stop();
    }
  });
});

describe("the SLOs' ratios on the gateway's series", () => {
  let upstreams: Upstreams;
  let gateway: Gateway;
  /** Accepts connections and never answers: the gateway times out (504) after UPSTREAM_TIMEOUT_MS. */
  const hanging = createServer((socket) => sockets.add(socket));
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    upstreams = await startUpstreams();
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const hangingUrl = `http://127.0.0.1:${(hanging.address() as { port: number }).port}`;
    gateway = await startTestGateway({
      ...upstreams.env,
      // tasks: refused at once (503); contacts and its export: no answer (504 after 600 ms, slow too).
      ACCOUNTS_OPPORTUNITIES_SERVICE_URL: `http://127.0.0.1:${await closedPort()}`,
      CONTACTS_SERVICE_URL: hangingUrl,
      IMPORT_EXPORT_SERVICE_URL: hangingUrl,
      UPSTREAM_RETRY_MS: '0',
      UPSTREAM_TIMEOUT_MS: '600',
    });
  });
  afterAll(async () => {
    await gateway.stop();
    await upstreams.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('count 5xx of the API requests as errors, and slow ones but imports, exports and attachments as slow; probes neither', async () => {
    const token = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
    const get = async (route: string) => (await fetch(`${gateway.url}${route}`, { headers: bearer(token) })).status;
    const round = (leads: number) =>
      Promise.all([
        ...Array.from({ length: leads }, () => get('/api/leads/')),
        get('/api/tasks/'),
        get('/api/tasks/'),
        get('/api/contacts/'),
        get('/api/contacts/export/'),
        get('/livez'),
      ]);
    // Every series once, so that the second scrape's increase is all of the next round (a rate needs two samples).
    await round(1);
    const before = await scrape(gateway);
    const started = Date.now();
    expect(await round(6)).toEqual([200, 200, 200, 200, 200, 200, 503, 503, 504, 504, 200]);
    const now = await scrape(gateway);
    const scrapes = { now, before: { samples: before, seconds: (Date.now() - started) / 1000 } };

    // 10 API requests, 4 answered 5xx; the probe is not one.
    const [errors] = evaluate(exprOf('namespace:crm_gateway_request_errors:ratio_rate5m'), scrapes);
    expect(errors!.value).toBeCloseTo(4 / 10, 10);
    // 9 timed (the export aside), 1 over 0.5 s: the contacts list that waited 600 ms.
    const [slow] = evaluate(exprOf('namespace:crm_gateway_request_slow:ratio_rate5m'), scrapes);
    expect(slow!.value).toBeCloseTo(1 / 9, 10);
    // The same expression over every window (checked offline) reads the same series.
    expect(evaluate(exprOf('namespace:crm_gateway_request_errors:ratio_rate3d'), scrapes)[0]!.value).toBeCloseTo(4 / 10, 10);
  });
});
