import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PodMonitor, PrometheusRule, type IPodMonitor, type IPrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { parser } from '@prometheus-io/lezer-promql';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1';
import { parse } from 'yaml';
import { evaluate } from '../support/instant-promql';
import type { Sample } from '../support/prometheus-text';
import { type K8sObject, read, render, ROOT } from './k8s-render';

/**
 * k8s/observability/ checked offline, as `promtool check rules` would and more: the PodMonitor,
 * PrometheusRule and dashboard ConfigMap are valid against their schemas (the Prometheus Operator's CRDs);
 * the PodMonitor scrapes every workload's /metrics on the port it answers on; every expression (alerts and
 * dashboard targets) parses as PromQL (Prometheus's own lezer grammar: no error node), range functions get a
 * range, histogram_quantile reads buckets grouped by `le`, and names only metrics the code exports (or
 * RabbitMQ's, for the dead-letter queue, or a series the rules record); every alert has a `for`, a severity,
 * a summary, a description and its runbook in docs/operations.md, at the address one setting gives; the SLOs'
 * burn-rate alerts pair the windows and rates of Google's SRE workbook; the Grafana dashboard has unique
 * panel ids and a Prometheus data source.
 */

/** The series the processes export (docs/operations.md §3, "Health and metrics"), each with a `service` label. */
const COUNTERS = [
  'http_requests_total',
  'crm_rate_limit_rejections_total',
  'crm_consumer_events_total',
  'process_cpu_seconds_total',
  'crm_outbox_publish_failures_total',
  'crm_gateway_upstream_trouble_total',
];
const GAUGES = [
  'http_requests_in_flight',
  'crm_outbox_backlog_events',
  'crm_outbox_oldest_event_age_seconds',
  'crm_consumer_queue_messages',
  'crm_dead_letter_queue_messages',
  'crm_rate_limits_in_memory',
  'crm_dependency_up',
  'crm_database_pool_connections',
  'crm_database_pool_waiting_requests',
  'crm_database_pool_max_connections',
  'process_resident_memory_bytes',
  'nodejs_heap_used_bytes',
  'nodejs_eventloop_lag_seconds',
  'process_start_time_seconds',
];
const HISTOGRAMS = ['http_request_duration_seconds', 'crm_consumer_lag_seconds'];
/**
 * Not the platform's: kube-state-metrics' of the backup CronJob (CrmBackupTooOld: its pods are not scraped). The
 * dead-letter queue has a metric of the platform.
 */
const EXTERNAL: string[] = ['kube_cronjob_status_last_successful_time', 'kube_cronjob_created'];
/** Every series name an expression may read: a histogram as its _bucket, _sum and _count series. */
export const KNOWN_METRICS = new Set([
  ...COUNTERS,
  ...GAUGES,
  ...HISTOGRAMS.flatMap((name) => ['_bucket', '_sum', '_count'].map((suffix) => name + suffix)),
  ...EXTERNAL,
]);

/** Functions whose first argument is a range vector (`[5m]`). */
const RANGE_FUNCTIONS = new Set(['rate', 'irate', 'increase', 'delta', 'idelta', 'deriv', 'predict_linear', 'changes', 'resets', 'holt_winters', 'double_exponential_smoothing']);

type Node = ReturnType<typeof parser.parse>['topNode'];
const childrenOf = (node: Node): Node[] => {
  const children: Node[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) children.push(child);
  return children;
};
const descendantsOf = (node: Node): Node[] => childrenOf(node).flatMap((child) => [child, ...descendantsOf(child)]);

/**
 * An expression checked as Prometheus would load it: the problems (a syntax error where it is, a range
 * function given an instant vector, a histogram_quantile over no buckets or grouping away `le`) and the
 * metrics and label names it reads.
 */
export function checkPromQL(expr: string, known: ReadonlySet<string> = KNOWN_METRICS): { problems: string[]; metrics: string[]; labels: string[] } {
  const top = parser.parse(expr).topNode;
  const nodes = [top, ...descendantsOf(top)];
  const text = (node: Node) => expr.slice(node.from, node.to);
  const problems: string[] = [];
  for (const node of nodes) {
    if (node.type.isError) problems.push(`syntax error at ${node.from}: ${JSON.stringify(expr.slice(Math.max(0, node.from - 10), node.from + 10))}`);
  }
  const metrics = nodes
    .filter((node) => node.name === 'Identifier' && node.parent?.name === 'VectorSelector')
    .map(text);
  // `{__name__="…"}` names a metric too.
  for (const matcher of nodes.filter((node) => /LabelMatcher$/.test(node.name))) {
    const [name, , value] = childrenOf(matcher);
    if (name && value && text(name) === '__name__') metrics.push(JSON.parse(text(value)) as string);
  }
  if (problems.length === 0 && metrics.length === 0) problems.push('reads no metric');
  const labels = nodes.filter((node) => node.name === 'LabelName').map(text);
  for (const call of nodes.filter((node) => node.name === 'FunctionCall')) {
    const [identifier, body] = childrenOf(call);
    const name = text(identifier!);
    const args = body ? childrenOf(body) : [];
    if ((RANGE_FUNCTIONS.has(name) || name.endsWith('_over_time')) && !['MatrixSelector', 'SubqueryExpr'].includes(args[0]?.name ?? '')) {
      problems.push(`${name}() of an instant vector: ${text(call)}`);
    }
    if (name === 'histogram_quantile') {
      const vector = args[1];
      const series = vector ? [vector, ...descendantsOf(vector)].filter((node) => node.name === 'Identifier' && node.parent?.name === 'VectorSelector').map(text) : [];
      if (series.length === 0 || !series.every((metric) => metric.endsWith('_bucket'))) problems.push(`histogram_quantile() of no _bucket series: ${text(call)}`);
      for (const modifier of vector ? descendantsOf(vector).filter((node) => node.name === 'AggregateModifier') : []) {
        const keeps = childrenOf(modifier)[0]?.name === 'By';
        const grouped = descendantsOf(modifier).filter((node) => node.name === 'LabelName').map(text);
        if (keeps !== grouped.includes('le')) problems.push(`histogram_quantile() of buckets aggregated without le: ${text(modifier)}`);
      }
    }
  }
  for (const metric of metrics) if (!known.has(metric)) problems.push(`${metric}: not a metric the platform exports`);
  return { problems, metrics, labels };
}

const RUNBOOKS = 'docs/operations.md';
const SEVERITIES = ['critical', 'warning', 'info'];
type Rule = { alert?: string; record?: string; expr: string | number; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> };

/** The address every runbook_url starts with: the one setting of k8s/observability/kustomization.yaml. */
const observabilityKustomization = parse(read('k8s/observability/kustomization.yaml')) as { configMapGenerator: Array<{ name: string; literals?: string[] }> };
const RUNBOOK_BASE_URL = observabilityKustomization.configMapGenerator
  .find((generator) => generator.name === 'crm-runbooks')
  ?.literals?.find((literal) => literal.startsWith('RUNBOOK_BASE_URL='))
  ?.slice('RUNBOOK_BASE_URL='.length);

/** A recorded series' name, `level:metric:operations` (Prometheus's naming of recording rules). */
const RECORDED_NAME = /^[a-z_]+:[a-z0-9_]+:[a-z0-9_]+$/;

/** What a rule lacks, one line each; [] when nothing. Alerts may read the series the recording rules record (`recorded`). */
export function ruleProblems(rule: Rule, recorded: ReadonlySet<string> = new Set(), runbookBase = RUNBOOK_BASE_URL): string[] {
  const name = rule.alert ?? rule.record ?? '(unnamed)';
  const problems = checkPromQL(String(rule.expr), new Set([...KNOWN_METRICS, ...(rule.alert ? recorded : [])]));
  const out = problems.problems.map((problem) => `${name}: ${problem}`);
  if (rule.record) {
    if (!RECORDED_NAME.test(rule.record)) out.push(`${name}: a recorded name is level:metric:operations`);
    if (rule.for || rule.labels || rule.annotations) out.push(`${name}: a recording rule has no for, labels or annotations`);
    return out;
  }
  if (!rule.alert) return [...out, `${name}: neither an alert nor a recording rule`];
  if (!/^[1-9]\d*(ms|s|m|h|d|w|y)$/.test(rule.for ?? '')) out.push(`${name}: no for (a duration)`);
  if (!SEVERITIES.includes(rule.labels?.severity ?? '')) out.push(`${name}: no severity among ${SEVERITIES.join(', ')}`);
  for (const annotation of ['summary', 'description']) if (!rule.annotations?.[annotation]?.trim()) out.push(`${name}: no ${annotation}`);
  const runbook = `${runbookBase}#${rule.alert.toLowerCase()}`;
  if (rule.annotations?.runbook_url !== runbook) out.push(`${name}: runbook_url is not ${runbook}`);
  // A template naming a label the expression does not keep renders empty.
  for (const annotation of Object.values(rule.annotations ?? {})) {
    for (const [, label] of annotation.matchAll(/\$labels\.([a-zA-Z_]\w*)/g)) {
      if (!problems.labels.includes(label!)) out.push(`${name}: an annotation names $labels.${label}, which the expression does not keep`);
    }
  }
  return out;
}

/** A dashboard expression as Prometheus gets it: Grafana's variables replaced by a value of theirs. */
const withoutVariables = (expr: string) => expr.replace(/\$__(rate_interval|interval|range)\b|\$\{__(rate_interval|interval|range)\}/g, '5m').replace(/\$\{?\w+\}?/g, 'x');

interface Panel {
  id?: number;
  type?: string;
  title?: string;
  datasource?: { type?: string; uid?: string };
  targets?: Array<{ expr?: string; refId?: string }>;
  panels?: Panel[];
}
interface Dashboard {
  schemaVersion?: number;
  panels?: Panel[];
  templating?: { list?: Array<{ name: string; type: string; query?: string | { query?: string }; datasource?: { uid?: string } }> };
}

/** What a Grafana dashboard lacks, one line each; [] when nothing. */
export function dashboardProblems(dashboard: Dashboard): { problems: string[]; metrics: string[] } {
  const problems: string[] = [];
  const metrics: string[] = [];
  if (dashboard.schemaVersion !== 39) problems.push('schemaVersion is not 39');
  const variables = dashboard.templating?.list ?? [];
  const datasource = variables.find((variable) => variable.type === 'datasource' && variable.query === 'prometheus');
  if (!datasource) problems.push('no Prometheus data source variable');
  for (const variable of variables.filter((each) => each.type === 'query')) {
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query ?? '';
    const labelValues = /^label_values\((.+),\s*(\w+)\)$/.exec(query);
    const check = checkPromQL(labelValues ? labelValues[1]! : query);
    problems.push(...check.problems.map((problem) => `variable ${variable.name}: ${problem}`));
    metrics.push(...check.metrics);
  }
  const panels = (dashboard.panels ?? []).flatMap((panel) => [panel, ...(panel.panels ?? [])]);
  if (panels.length === 0) problems.push('no panel');
  const ids = panels.map((panel) => panel.id);
  for (const id of new Set(ids)) if (id === undefined || ids.filter((other) => other === id).length > 1) problems.push(`panel id ${id} is not unique`);
  for (const panel of panels.filter((each) => each.type !== 'row')) {
    const where = `panel ${panel.id} (${panel.title})`;
    if (panel.datasource?.uid !== `\${${datasource?.name}}`) problems.push(`${where}: not on the data source variable`);
    const targets = panel.targets ?? [];
    if (targets.length === 0) problems.push(`${where}: no target`);
    const refIds = targets.map((target) => target.refId);
    if (new Set(refIds).size !== refIds.length) problems.push(`${where}: refIds not unique`);
    for (const target of targets) {
      if (!target.expr) {
        problems.push(`${where}: target ${target.refId} has no expr`);
        continue;
      }
      const check = checkPromQL(withoutVariables(target.expr));
      problems.push(...check.problems.map((problem) => `${where}: ${problem}`));
      metrics.push(...check.metrics);
    }
  }
  return { problems, metrics };
}

const objects = render('k8s/observability');
const rules = objects.filter((object) => object.kind === 'PrometheusRule') as unknown as Array<IPrometheusRule & K8sObject>;
const allRules = rules.flatMap((rule) => rule.spec?.groups?.flatMap((group) => group.rules ?? []) ?? []) as Rule[];
const alerts = allRules.filter((rule) => rule.alert);
const recorded = new Set(allRules.flatMap((rule) => (rule.record ? [rule.record] : [])));
const dashboardFile = 'k8s/observability/grafana-dashboard.json';
const dashboard = JSON.parse(read(dashboardFile)) as Dashboard;

describe('k8s/observability', () => {
  it('renders a PodMonitor, a PrometheusRule and the dashboard ConfigMap, valid against their schemas, labelled part-of', () => {
    const MODELS: Record<string, new (data: never) => { validate(): void }> = {
      'monitoring.coreos.com/v1/PodMonitor': PodMonitor,
      'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
      'v1/ConfigMap': ConfigMap,
    };
    expect(objects.map((object) => object.kind).sort()).toEqual(['ConfigMap', 'PodMonitor', 'PrometheusRule']);
    const invalid = objects.flatMap((object) => {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      if (!Model) return [`${object.apiVersion} ${object.kind}: not an expected kind`];
      try {
        new Model(object as never).validate();
        return [];
      } catch (error) {
        return [`${object.kind} ${object.metadata.name}: ${(error as Error).message}`];
      }
    });
    expect(invalid).toEqual([]);
    for (const object of objects) expect([object.kind, object.metadata.labels?.['app.kubernetes.io/part-of']]).toEqual([object.kind, 'crm-platform']);
  });

  it('is not part of the base (a cluster without the Prometheus Operator applies the base)', () => {
    const base = parse(read('k8s/base/kustomization.yaml')) as { resources: string[] };
    expect(base.resources.some((resource) => resource.includes('observability'))).toBe(false);
  });

  it("scrapes every workload's /metrics, on its http port or (the gateway) its metrics port, once", () => {
    const [monitor, ...others] = objects.filter((object) => object.kind === 'PodMonitor') as unknown as Array<IPodMonitor & K8sObject>;
    expect(others).toEqual([]);
    const deployments = render('k8s/base').filter((object) => object.kind === 'Deployment') as unknown as Array<IDeployment & K8sObject>;
    expect(deployments.length).toBe(7);
    for (const deployment of deployments) {
      const labels = deployment.spec!.template.metadata!.labels!;
      const workload = labels['app.kubernetes.io/name']!;
      expect([workload, Object.entries(monitor!.spec.selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value)]).toEqual([workload, true]);
      const ports = new Set(deployment.spec!.template.spec!.containers.flatMap((container) => container.ports ?? []).map((port) => port.name));
      // The endpoints that keep a target for this pod: its port exists and no relabeling drops it.
      const scraped = monitor!.spec.podMetricsEndpoints!.filter((endpoint) => {
        if (!endpoint.port || !ports.has(endpoint.port)) return false;
        return (endpoint.relabelings ?? []).every((relabeling) => {
          const value = (relabeling.sourceLabels ?? []).map((label) => (label === '__meta_kubernetes_pod_label_app_kubernetes_io_name' ? workload : '')).join(relabeling.separator ?? ';');
          const matched = new RegExp(`^(?:${relabeling.regex ?? '(.*)'})$`).test(value);
          const action = relabeling.action ?? 'replace';
          return action === 'drop' ? !matched : action === 'keep' ? matched : true;
        });
      });
      expect([workload, scraped.map((endpoint) => [endpoint.port, endpoint.path])]).toEqual([workload, [[workload === 'gateway' ? 'metrics' : 'http', '/metrics']]]);
    }
  });

  it('exports every metric the expressions may read (it is defined in the code)', () => {
    const sources = ['shared/platform/src', 'shared/records/src', 'gateway/src'].flatMap((dir) =>
      (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => read(path.join(dir, file))),
    );
    const defined = (kind: string) => new Set(sources.flatMap((source) => [...source.matchAll(new RegExp(`new ${kind}\\(\\{\\s*name: '([a-z_:]+)'`, 'g'))].map((match) => match[1]!)));
    const [counters, gauges, histograms] = ['Counter', 'Gauge', 'Histogram'].map(defined);
    expect(COUNTERS.filter((name) => !counters!.has(name))).toEqual([]);
    expect(GAUGES.filter((name) => !gauges!.has(name))).toEqual([]);
    expect(HISTOGRAMS.filter((name) => !histograms!.has(name))).toEqual([]);
  });

  describe('the PrometheusRule', () => {
    it('holds alerts, each parsing as PromQL on exported or recorded series, with for, severity, summary, description and runbook', () => {
      expect(alerts.length).toBeGreaterThan(0);
      expect(allRules.flatMap((rule) => ruleProblems(rule, recorded))).toEqual([]);
      const names = allRules.map((rule) => rule.alert ?? rule.record);
      expect(new Set(names).size).toBe(names.length);
    });

    it('records only series an alert reads', () => {
      const readByAlerts = new Set(alerts.flatMap((rule) => checkPromQL(String(rule.expr), new Set([...KNOWN_METRICS, ...recorded])).metrics));
      expect([...recorded].filter((series) => !readByAlerts.has(series))).toEqual([]);
    });

    it("has, for every alert, a section in the runbook its runbook_url points at (GitHub's anchor of a `### <alert>` heading)", () => {
      const anchors = new Set([...read(RUNBOOKS).matchAll(/^#{2,3} (\S+)\s*$/gm)].map((match) => match[1]!.toLowerCase()));
      expect(alerts.map((rule) => rule.alert).filter((alert) => !anchors.has(alert!.toLowerCase()))).toEqual([]);
    });

    it('takes every runbook_url from the one setting: the file says RUNBOOK_BASE_URL#<alert>, kustomize puts the base', () => {
      // The default: the runbook's page in this repository.
      expect(RUNBOOK_BASE_URL).toBe(RUNBOOKS);
      const source = parse(read('k8s/observability/prometheus-rule.yaml')) as { spec: { groups: Array<{ rules: Rule[] }> } };
      const written = source.spec.groups.flatMap((group) => group.rules).flatMap((rule) => (rule.alert ? [[rule.alert, rule.annotations?.runbook_url]] : []));
      expect(written.filter(([alert, url]) => url !== `RUNBOOK_BASE_URL#${alert!.toLowerCase()}`)).toEqual([]);
      expect(alerts.map((rule) => rule.annotations?.runbook_url).filter((url) => !url!.startsWith(`${RUNBOOK_BASE_URL}#`))).toEqual([]);
    });

    it.each([
      // alert, a metric it reads, its for
      ['CrmOutboxBacklogOld', 'crm_outbox_oldest_event_age_seconds', '5m'],
      ['CrmDeadLetterQueueNotEmpty', 'crm_dead_letter_queue_messages', '5m'],
      ['CrmConsumerLagHigh', 'crm_consumer_lag_seconds_bucket', '10m'],
      ['CrmQueueDepthHigh', 'crm_consumer_queue_messages', '10m'],
      ['CrmHttp5xxRatioHigh', 'http_requests_total', '5m'],
      ['CrmDatabasePoolSaturated', 'crm_database_pool_waiting_requests', '5m'],
      ['CrmDependencyDown', 'crm_dependency_up', '2m'],
      ['CrmGatewayRedisDown', 'crm_dependency_up', '2m'],
      ['CrmEventLoopLagHigh', 'nodejs_eventloop_lag_seconds', '10m'],
      ['CrmPlatformDown', 'http_requests_total', '3m'],
      ['CrmAvailabilityBudgetBurnFast', 'namespace:crm_gateway_request_errors:ratio_rate1h', '2m'],
      ['CrmAvailabilityBudgetBurnSlow', 'namespace:crm_gateway_request_errors:ratio_rate3d', '15m'],
      ['CrmLatencyBudgetBurnFast', 'namespace:crm_gateway_request_slow:ratio_rate1h', '2m'],
      ['CrmLatencyBudgetBurnSlow', 'namespace:crm_gateway_request_slow:ratio_rate3d', '15m'],
    ])('alerts %s on %s, for %s', (alert, metric, duration) => {
      const rule = allRules.find((each) => each.alert === alert);
      expect(rule).toBeDefined();
      expect(checkPromQL(String(rule!.expr), new Set([...KNOWN_METRICS, ...recorded])).metrics).toContain(metric);
      expect(rule!.for).toBe(duration);
    });

    it('aggregates the figures every replica reports alike (queue depth, outbox) to one per service', () => {
      for (const alert of ['CrmQueueDepthHigh', 'CrmOutboxBacklogOld']) {
        expect([alert, String(allRules.find((rule) => rule.alert === alert)!.expr)]).toEqual([alert, expect.stringMatching(/^max by \([^)]*\bservice\b[^)]*\) \(/)]);
      }
    });

    it('reads the dead-letter queue as one figure, the max of what every consuming replica reports', () => {
      const rule = allRules.find((each) => each.alert === 'CrmDeadLetterQueueNotEmpty')!;
      expect(String(rule.expr)).toMatch(/^max\(crm_dead_letter_queue_messages\) > 0$/);
    });

    const exprOf = (name: string) => String(allRules.find((rule) => rule.alert === name || rule.record === name)?.expr);
    const sample = (name: string, value: number, labels: Record<string, string> = {}): Sample => ({ name, labels, value });

    it('sees the platform down when no gateway is scraped (absent), and not while one is', () => {
      expect(evaluate(exprOf('CrmPlatformDown'), { now: [] })).toEqual([{ labels: { service: 'gateway' }, value: 1 }]);
      expect(evaluate(exprOf('CrmPlatformDown'), { now: [sample('http_requests_total', 3, { service: 'leads' })] })).toHaveLength(1);
      expect(evaluate(exprOf('CrmPlatformDown'), { now: [sample('http_requests_total', 3, { service: 'gateway', route: '/livez' })] })).toEqual([]);
    });

    it("tells the gateway's Redis away (a warning: the API still answers) apart from a service's database or broker", () => {
      const now = [
        sample('crm_dependency_up', 0, { namespace: 'crm', service: 'gateway', pod: 'gateway-1', dependency: 'redis' }),
        sample('crm_dependency_up', 1, { namespace: 'crm', service: 'gateway', pod: 'gateway-2', dependency: 'redis' }),
        sample('crm_dependency_up', 1, { namespace: 'crm', service: 'leads', pod: 'leads-1', dependency: 'database' }),
      ];
      expect(evaluate(exprOf('CrmGatewayRedisDown'), { now })).toEqual([{ labels: { namespace: 'crm', service: 'gateway' }, value: 0 }]);
      expect(evaluate(exprOf('CrmDependencyDown'), { now })).toEqual([]);
      now[2]!.value = 0;
      expect(evaluate(exprOf('CrmDependencyDown'), { now })).toEqual([{ labels: { namespace: 'crm', service: 'leads', dependency: 'database' }, value: 0 }]);
      expect(allRules.find((rule) => rule.alert === 'CrmGatewayRedisDown')!.labels?.severity).toBe('warning');
    });
  });

  describe('the SLOs (docs/operations.md §11, "SLOs and burn-rate alerts")', () => {
    const WINDOWS = ['5m', '30m', '1h', '2h', '6h', '1d', '3d'];
    const SLOS = [
      { ratio: 'namespace:crm_gateway_request_errors', objective: 0.999, fast: 'CrmAvailabilityBudgetBurnFast', slow: 'CrmAvailabilityBudgetBurnSlow' },
      { ratio: 'namespace:crm_gateway_request_slow', objective: 0.99, fast: 'CrmLatencyBudgetBurnFast', slow: 'CrmLatencyBudgetBurnSlow' },
    ];
    /** Google's SRE workbook, "Alerting on SLOs": [long window, short window, burn rate]; page on the first two, ticket on the others. */
    const PAGE = [['1h', '5m', 14.4], ['6h', '30m', 6]];
    const TICKET = [['1d', '2h', 3], ['3d', '6h', 1]];
    const exprOf = (name: string) => String(allRules.find((rule) => rule.alert === name || rule.record === name)?.expr);

    it.each(SLOS)('records $ratio over every window, the same expression each time, on the gateway\'s API requests', ({ ratio }) => {
      const first = exprOf(`${ratio}:ratio_rate5m`);
      for (const window of WINDOWS) expect([window, exprOf(`${ratio}:ratio_rate${window}`)]).toEqual([window, first.replaceAll('[5m]', `[${window}]`)]);
      const selectors = first.match(/[a-z_]+\{[^}]*\}/g) ?? [];
      expect(selectors.length).toBe(2);
      for (const selector of selectors) expect(selector).toContain('service="gateway", route=~"/api/.+"');
    });

    it.each(SLOS)('$fast pages at 14.4x over 1h and 5m or 6x over 6h and 30m; $slow tickets at 3x over 1d and 2h or 1x over 3d and 6h', ({ ratio, objective, fast, slow }) => {
      const pairs = (alert: string) =>
        [...exprOf(alert).matchAll(/\(namespace:([a-z_]+):ratio_rate(\w+) > ([\d.]+) \* ([\d.]+) and namespace:([a-z_]+):ratio_rate(\w+) > ([\d.]+) \* ([\d.]+)\)/g)].map(
          ([, long, longWindow, rate, budget, short, shortWindow, shortRate, shortBudget]) => {
            expect([`namespace:${long}`, `namespace:${short}`, shortRate, shortBudget]).toEqual([ratio, ratio, rate, budget]);
            expect(Number(budget)).toBeCloseTo(1 - objective, 10);
            return [longWindow, shortWindow, Number(rate)];
          },
        );
      expect(pairs(fast)).toEqual(PAGE);
      expect(pairs(slow)).toEqual(TICKET);
      expect(exprOf(fast).split(' or ')).toHaveLength(2);
      expect(exprOf(slow).split(' or ')).toHaveLength(2);
      expect([allRules.find((rule) => rule.alert === fast)!.labels?.severity, allRules.find((rule) => rule.alert === slow)!.labels?.severity]).toEqual(['critical', 'warning']);
    });

    it.each(SLOS)('$fast fires while both windows burn and stops with the short one', ({ ratio, objective, fast, slow }) => {
      const budget = 1 - objective;
      const burning = (values: Record<string, number>) => ({
        now: WINDOWS.map((window) => ({ name: `${ratio}:ratio_rate${window}`, labels: { namespace: 'crm' }, value: values[window] ?? 0 })),
      });
      // The long window's series, as a comparison leaves it (the alert drops __name__ from its labels).
      expect(evaluate(exprOf(fast), burning({ '1h': 15 * budget, '5m': 15 * budget }))).toEqual([{ labels: { __name__: `${ratio}:ratio_rate1h`, namespace: 'crm' }, value: 15 * budget }]);
      expect(evaluate(exprOf(fast), burning({ '1h': 15 * budget, '5m': 0 }))).toEqual([]);
      expect(evaluate(exprOf(fast), burning({ '6h': 7 * budget, '30m': 7 * budget }))).toHaveLength(1);
      expect(evaluate(exprOf(fast), burning({ '6h': 5 * budget, '30m': 5 * budget, '1d': 5 * budget, '2h': 5 * budget }))).toEqual([]);
      expect(evaluate(exprOf(slow), burning({ '1d': 4 * budget, '2h': 4 * budget }))).toHaveLength(1);
      expect(evaluate(exprOf(slow), burning({ '3d': 1.5 * budget, '6h': 1.5 * budget }))).toHaveLength(1);
      expect(evaluate(exprOf(slow), burning({ '3d': 1.5 * budget, '6h': 0.5 * budget }))).toEqual([]);
      // No requests at all: 0/0, no series, no alert.
      expect(evaluate(exprOf(fast), burning({ '1h': Number.NaN, '5m': Number.NaN }))).toEqual([]);
    });

    it('times the latency SLO on a bound of the buckets of http_request_duration_seconds', () => {
      const buckets = /const DURATION_BUCKETS = \[([^\]]*)\]/.exec(read('shared/platform/src/metrics/http-metrics.ts'))![1]!.split(',').map(Number);
      const bounds = WINDOWS.flatMap((window) => [...exprOf(`namespace:crm_gateway_request_slow:ratio_rate${window}`).matchAll(/le="([^"]+)"/g)].map((match) => Number(match[1])));
      expect(bounds.length).toBe(WINDOWS.length);
      expect(bounds.filter((bound) => !buckets.includes(bound))).toEqual([]);
    });
  });

  describe('the Grafana dashboard', () => {
    it('parses, on a Prometheus data source variable, every panel id unique, every target an expr that parses on exported metrics', () => {
      expect(dashboardProblems(dashboard)).toEqual({ problems: [], metrics: expect.any(Array) });
    });

    it('shows requests, latency, errors, in-flight, outbox, consumers, queues, pool, dependencies, event loop, memory and CPU', () => {
      const shown = new Set(dashboardProblems(dashboard).metrics);
      const expected = [
        'http_requests_total',
        'http_request_duration_seconds_bucket',
        'http_requests_in_flight',
        'crm_outbox_backlog_events',
        'crm_outbox_oldest_event_age_seconds',
        'crm_consumer_lag_seconds_bucket',
        'crm_consumer_events_total',
        'crm_consumer_queue_messages',
        'crm_database_pool_connections',
        'crm_database_pool_waiting_requests',
        'crm_dependency_up',
        'nodejs_eventloop_lag_seconds',
        'process_resident_memory_bytes',
        'process_cpu_seconds_total',
      ];
      expect(expected.filter((metric) => !shown.has(metric))).toEqual([]);
    });

    it('ships in a ConfigMap for the Grafana sidecar, as the file is', () => {
      const configMap = objects.find((object) => object.kind === 'ConfigMap') as unknown as IConfigMap & K8sObject;
      expect(configMap.metadata.labels?.grafana_dashboard).toBe('1');
      expect(configMap.data?.['grafana-dashboard.json']).toBe(read(dashboardFile));
    });
  });
});

describe('the checks themselves', () => {
  it('report a syntax error, a metric the platform does not export, and a range function given an instant vector', () => {
    expect(checkPromQL('sum by (service) (rate(http_requests_total[5m])').problems).toEqual([expect.stringMatching(/^syntax error at \d+/)]);
    expect(checkPromQL('histogram_quantil(0.99, x)').problems[0]).toMatch(/^syntax error/);
    expect(checkPromQL('max by (service) (crm_consumer_queue_message) > 10000').problems).toEqual(['crm_consumer_queue_message: not a metric the platform exports']);
    expect(checkPromQL('sum(rate(http_requests_total))').problems).toEqual(['rate() of an instant vector: rate(http_requests_total)']);
    expect(checkPromQL('histogram_quantile(0.99, sum by (service) (rate(crm_consumer_lag_seconds_bucket[5m])))').problems).toEqual([
      'histogram_quantile() of buckets aggregated without le: by (service)',
    ]);
    expect(checkPromQL('histogram_quantile(0.99, rate(crm_consumer_lag_seconds_sum[5m]))').problems).toEqual([
      'histogram_quantile() of no _bucket series: histogram_quantile(0.99, rate(crm_consumer_lag_seconds_sum[5m]))',
    ]);
    expect(checkPromQL('{__name__="crm_nothing"}').problems).toEqual(['crm_nothing: not a metric the platform exports']);
  });

  it('report an alert without for, severity, summary or runbook, or naming a label its expression drops', () => {
    const [rule] = structuredClone(allRules);
    delete rule!.for;
    delete rule!.labels;
    delete rule!.annotations!.summary;
    rule!.annotations!.runbook_url = 'https://example.com';
    rule!.annotations!.description = 'on {{ $labels.instance }}';
    expect(ruleProblems(rule!)).toEqual([
      `${rule!.alert}: no for (a duration)`,
      `${rule!.alert}: no severity among critical, warning, info`,
      `${rule!.alert}: no summary`,
      `${rule!.alert}: runbook_url is not docs/operations.md#${rule!.alert!.toLowerCase()}`,
      `${rule!.alert}: an annotation names $labels.instance, which the expression does not keep`,
    ]);
  });

  it('report a recording rule named against the convention or given a for, and an alert reading a series no rule records', () => {
    expect(ruleProblems({ record: 'gateway_errors', expr: 'sum(rate(http_requests_total[5m]))', for: '5m' })).toEqual([
      'gateway_errors: a recorded name is level:metric:operations',
      'gateway_errors: a recording rule has no for, labels or annotations',
    ]);
    const burn = allRules.find((rule) => rule.alert === 'CrmAvailabilityBudgetBurnFast')!;
    expect(ruleProblems(burn, recorded)).toEqual([]);
    expect(ruleProblems(burn)).toContain('CrmAvailabilityBudgetBurnFast: namespace:crm_gateway_request_errors:ratio_rate1h: not a metric the platform exports');
  });

  it('report a dashboard with a duplicate panel id or a broken target', () => {
    const broken = structuredClone(dashboard);
    broken.panels![1]!.id = broken.panels![0]!.id;
    broken.panels![2]!.targets![0]!.expr = 'sum by (service) (rate(http_request_total[$__rate_interval]))';
    expect(dashboardProblems(broken).problems).toEqual([
      `panel id ${broken.panels![0]!.id} is not unique`,
      `panel ${broken.panels![2]!.id} (${broken.panels![2]!.title}): http_request_total: not a metric the platform exports`,
    ]);
  });
});
