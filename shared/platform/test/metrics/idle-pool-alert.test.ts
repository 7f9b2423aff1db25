import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { startService, type RunningService } from '../../src/service/start-service';
import { evaluate } from '../../../../test/support/instant-promql';
import { parsePrometheus, type Sample } from '../../../../test/support/prometheus-text';
import { dropSchema, samplePublishingService } from '../service/sample-service';

/**
 * CrmDatabasePoolSaturated on an idle service (issue 36.4): the scrape reads the outbox backlog from the
 * database, and the pool's gauges must not count that read as a request waiting for a connection, or every
 * publishing service alerts with nothing to do. The rule's own expression is evaluated on what the scrapes
 * answer, as Prometheus would (the PodMonitor adds `namespace` and `pod`).
 */
const RULES = path.resolve(__dirname, '../../../../k8s/observability/prometheus-rule.yaml');
const SCHEMA = 'idle_pool_alert_test';

interface Rule {
  alert?: string;
  expr: string;
}

const poolRule = (): Rule => {
  const document = parse(readFileSync(RULES, 'utf8')) as { spec: { groups: Array<{ rules: Rule[] }> } };
  const rule = document.spec.groups.flatMap((group) => group.rules).find((each) => each.alert === 'CrmDatabasePoolSaturated');
  if (!rule) throw new Error('no CrmDatabasePoolSaturated rule');
  return rule;
};

let service: RunningService;

beforeAll(async () => {
  await dropSchema(process.env.DATABASE_URL!, SCHEMA);
  service = await startService(samplePublishingService(SCHEMA), { port: 0, env: { ...process.env, LOG_LEVEL: 'silent' } });
});

afterAll(() => service?.stop());

/** One scrape as Prometheus stores it: every sample with the target's labels added. */
async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${service.url}/metrics`);
  expect(response.status).toBe(200);
  return parsePrometheus(await response.text()).map((sample) => ({ ...sample, labels: { ...sample.labels, namespace: 'crm', pod: 'leads-0' } }));
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((each) => each.name === name && Object.entries(labels).every(([key, value]) => each.labels[key] === value))?.value;

describe('CrmDatabasePoolSaturated on an idle publishing service', () => {
  it('when scraped one after another and many at once, then the rule finds nothing: the scrape\'s own backlog read is not a request waiting for the pool', async () => {
    const { expr } = poolRule();
    const scrapes: Sample[][] = [];
    for (let i = 0; i < 10; i += 1) {
      scrapes.push(await scrape());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (let round = 0; round < 3; round += 1) scrapes.push(...(await Promise.all(Array.from({ length: 8 }, scrape))));

    // The case the alert misfired on: connections idle in the pool, the outbox read by each scrape.
    expect(scrapes.filter((series) => (valueOf(series, 'crm_database_pool_connections', { state: 'idle' }) ?? 0) > 0).length).toBeGreaterThan(0);
    for (const series of scrapes) expect(valueOf(series, 'crm_outbox_backlog_events')).toBe(0);

    const seen = scrapes.map((series) => ({
      waiting: valueOf(series, 'crm_database_pool_waiting_requests'),
      inUse: valueOf(series, 'crm_database_pool_connections', { state: 'in_use' }),
      firing: evaluate(expr, { now: series }),
    }));
    expect(seen.filter(({ firing }) => firing.length > 0)).toEqual([]);
    for (const { waiting } of seen) expect(waiting).toBe(0);
  });

  it('when the pool is full and a request waits, then the same expression fires (it can)', async () => {
    const { expr } = poolRule();
    const size = valueOf(await scrape(), 'crm_database_pool_max_connections')!;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = Array.from({ length: size + 1 }, () =>
      service.dataSource.transaction(async (manager) => {
        await manager.query('SELECT 1');
        await held;
      }),
    );
    try {
      let firing: ReturnType<typeof evaluate> = [];
      for (let attempt = 0; attempt < 100 && firing.length === 0; attempt += 1) {
        firing = evaluate(expr, { now: await scrape() });
        if (firing.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(firing).toEqual([expect.objectContaining({ labels: expect.objectContaining({ service: 'leads', pod: 'leads-0' }) })]);
    } finally {
      release();
      await Promise.all(holding);
    }
  });
});
