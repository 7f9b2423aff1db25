import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commonConfig, loadConfig, newSigningKey, parsePublicKeys, parseSigningKeys, serviceUrlSettingName, type AnyServiceDefinition } from '@crm/platform';
import { loadGatewayConfig, parseThrottleRates } from '@crm/gateway';
import { SERVICES } from '@crm/system';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { CronJob, Job, type IJob } from 'kubernetes-models/batch/v1';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import {
  Ingress,
  NetworkPolicy,
  type INetworkPolicy,
  type INetworkPolicyPeer,
  type INetworkPolicyPort,
} from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, PersistentVolumeClaim, Secret, Service, type IConfigMap, type IContainer, type IPodSpec, type ISecret, type IService } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { customSchemaProblems, CUSTOM_SCHEMAS, type HttpRoute } from './k8s-render';

/**
 * k8s/ checked offline (there is no cluster here): the base and the dev overlay render with
 * `kubectl kustomize`, every object is valid against the Kubernetes schema, and every Deployment has
 * what a rollout needs (probes, resources, a locked-down security context, a graceful stop, a disruption
 * budget and an autoscaler, replicas spread over zones and nodes), only the settings its process reads, its
 * secrets from `crm-secrets`, a release image, ingress from nowhere but the workloads that call it (the
 * gateway: the Gateway's proxies) and egress to nowhere but what it calls. The services do not migrate:
 * the one Job crm-migrate-<release> applies every service's migrations, in order, as the migration role, granting
 * each service's own role, which is all a service's DATABASE_URL holds. The kinds kubernetes-models has no model
 * of (the HTTPRoute) are checked against the schemas of k8s-render.ts; the edge's limits and the Ingress example
 * in k8s-gateway-api.test.ts, the database connections in k8s-connection-budget.test.ts.
 */
const ROOT = path.resolve(__dirname, '../..');
const KUBECTL = '/usr/bin/kubectl';

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** The schema model of every kind the manifests may hold (besides CUSTOM_SCHEMAS'); any other kind is a failure. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  // The scheduled backup and its volume (k8s/base/backup; checked in k8s-backup.test.ts).
  'batch/v1/CronJob': CronJob,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
};

function render(dir: string): K8sObject[] {
  const output = execFileSync(KUBECTL, ['kustomize', path.join(ROOT, dir)], { encoding: 'utf8', timeout: 60_000 });
  return parseAllDocuments(output).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS() as K8sObject;
  });
}

/**
 * kustomize folds a long base64 Secret value over lines; the API server's decoder (Go's base64) skips
 * newlines, the schema's `byte` format does not: unfold before validating.
 */
const forSchema = (object: K8sObject): K8sObject =>
  object.kind === 'Secret' && object.data
    ? { ...object, data: Object.fromEntries(Object.entries(object.data as Record<string, string>).map(([key, value]) => [key, value.replace(/[\r\n]/g, '')])) }
    : object;

const ofKind = <T>(objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind) as unknown as Array<T & K8sObject>;
/** True when every label a selector asks for is on `labels` (an empty selector matches everything). */
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> = {}) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);

const podLabels = (deployment: IDeployment) => deployment.spec?.template.metadata?.labels ?? {};

type LabelSelector = INetworkPolicyPeer['podSelector'];
/** A label selector's verdict on `labels`: matchLabels (as `matches`) and matchExpressions; an empty one selects all. */
function selects(selector: LabelSelector, labels: Record<string, string> = {}): boolean {
  if (!selector || !matches(selector.matchLabels, labels)) return false;
  return (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]!);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]!);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
      default:
        throw new Error(`unknown selector operator ${operator}`);
    }
  });
}

/**
 * One end of a connection, for the NetworkPolicy evaluator: a pod (its labels, its namespace's labels, its
 * container ports by name) or, with no pod, an address outside the cluster (PostgreSQL, RabbitMQ, Redis).
 */
interface Endpoint {
  namespace?: Record<string, string>;
  pod?: Record<string, string>;
  ports?: Record<string, number>;
}
/** The namespace the platform is applied to (the manifests name none): its policies apply to its pods only. */
const NAMESPACE = { 'kubernetes.io/metadata.name': 'crm' };
const inNamespace = (name: string, pod: Record<string, string>, ports: Record<string, number> = {}): Endpoint => ({
  namespace: { 'kubernetes.io/metadata.name': name },
  pod,
  ports,
});
/** The proxies of the Gateway the HTTPRoute attaches to: Envoy Gateway's, in its namespace (k8s/base/gateway). */
const EDGE_PROXY = inNamespace('envoy-gateway-system', { 'app.kubernetes.io/name': 'envoy' });
const KUBE_DNS = inNamespace('kube-system', { 'k8s-app': 'kube-dns' }, { dns: 53 });
const OUTSIDE_THE_CLUSTER: Endpoint = {};
/** The OpenTelemetry Collector of k8s/components/tracing: the Service otel-collector of the namespace. */
const COLLECTOR: Endpoint = { namespace: NAMESPACE, pod: { 'app.kubernetes.io/name': 'opentelemetry-collector' } };

const policyTypesOf = (policy: INetworkPolicy) => policy.spec?.policyTypes ?? (policy.spec?.egress ? ['Ingress', 'Egress'] : ['Ingress']);
/** Whether a rule's peer is `other`: an ipBlock is taken to be anything (it may hold pod addresses too). */
function peerIs(peer: INetworkPolicyPeer, other: Endpoint): boolean {
  if (peer.ipBlock) return true;
  if (!other.pod) return false;
  const namespace = peer.namespaceSelector ? selects(peer.namespaceSelector, other.namespace) : matches(NAMESPACE, other.namespace);
  return namespace && (!peer.podSelector || selects(peer.podSelector, other.pod));
}
/** Whether a rule's ports take `port`: a named port is the destination pod's container port of that name. */
function portIn(ports: INetworkPolicyPort[] | undefined, port: number, protocol: string, destination: Endpoint): boolean {
  if (!ports?.length) return true;
  return ports.some((entry) => {
    if ((entry.protocol ?? 'TCP') !== protocol) return false;
    if (entry.port === undefined) return true;
    const first = typeof entry.port === 'number' ? entry.port : destination.ports?.[entry.port];
    return first !== undefined && port >= first && port <= (entry.endPort ?? first);
  });
}
/** One side's verdict: the pod `self` may send (Egress) to, or accept (Ingress) from, `other`. */
function sideAllows(policies: INetworkPolicy[], direction: 'Ingress' | 'Egress', self: Endpoint, other: Endpoint, port: number, protocol: string, destination: Endpoint): boolean {
  // Only this namespace's policies are modelled: a pod elsewhere (or no pod) is not isolated by them.
  if (!self.pod || !matches(NAMESPACE, self.namespace)) return true;
  const isolating = policies.filter((policy) => policyTypesOf(policy).includes(direction) && selects(policy.spec?.podSelector, self.pod));
  if (isolating.length === 0) return true;
  return isolating.some((policy) =>
    ((direction === 'Ingress' ? policy.spec?.ingress : policy.spec?.egress) ?? []).some((rule) => {
      const peers = 'from' in rule ? rule.from : 'to' in rule ? rule.to : undefined;
      return (!peers?.length || peers.some((peer) => peerIs(peer, other))) && portIn(rule.ports, port, protocol, destination);
    }),
  );
}
/** Whether the NetworkPolicies let `from` open a connection to `to` on `port`: `from`'s egress and `to`'s ingress. */
export function connects(policies: INetworkPolicy[], from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
  return sendsTo(policies, from, to, port, protocol) && sideAllows(policies, 'Ingress', to, from, port, protocol, to);
}
/** `from`'s egress alone: whether its policies let it send to `to` on `port`, whatever `to` accepts. */
export const sendsTo = (policies: INetworkPolicy[], from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean =>
  sideAllows(policies, 'Egress', from, to, port, protocol, to);

/** An image reference's tag and digest (`name[:tag][@digest]`; a registry's `host:port/` is no tag). */
function imageReference(image: string): { tag?: string; digest?: string } {
  const [nameAndTag, digest] = image.split('@') as [string, string | undefined];
  const colon = nameAndTag.lastIndexOf(':');
  return { tag: colon > nameAndTag.lastIndexOf('/') ? nameAndTag.slice(colon + 1) : undefined, digest };
}
/** The release the base tags the image with: the repository's version (its packages'; the root has none yet). */
const versionIn = (file: string) => (JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { version?: string }).version;
const RELEASE = versionIn('package.json') ?? versionIn('gateway/package.json');

/**
 * What a pod lacks to run locked down, one line each: the pod's security context, and on every container
 * (init containers too) cpu and memory requests, a memory limit, a read-only root filesystem (an emptyDir on
 * /tmp), no privilege escalation, every capability dropped.
 */
function podProblems(pod: IPodSpec, problem: (text: string) => void): void {
  const tmpVolumes = new Set((pod.volumes ?? []).filter((volume) => volume.emptyDir).map((volume) => volume.name));
  const podSecurity = pod.securityContext;
  if (podSecurity?.runAsNonRoot !== true) problem('pod securityContext.runAsNonRoot is not true');
  if (podSecurity?.runAsUser !== 1000) problem('pod securityContext.runAsUser is not 1000');
  if (podSecurity?.seccompProfile?.type !== 'RuntimeDefault') problem('pod securityContext.seccompProfile is not RuntimeDefault');
  if (pod.automountServiceAccountToken !== false) problem('pod mounts a service account token');
  for (const { c: container, init } of [...(pod.initContainers ?? []).map((c) => ({ c, init: true })), ...pod.containers.map((c) => ({ c, init: false }))]) {
    const where = `${init ? 'init container' : 'container'} ${container.name}`;
    const requests = container.resources?.requests ?? {};
    if (requests.cpu === undefined || requests.memory === undefined) problem(`${where} has no cpu and memory requests`);
    if (container.resources?.limits?.memory === undefined) problem(`${where} has no memory limit`);
    const security = container.securityContext;
    if (security?.readOnlyRootFilesystem !== true) problem(`${where} has a writable root filesystem`);
    if (security?.allowPrivilegeEscalation !== false) problem(`${where} allows privilege escalation`);
    if (!security?.capabilities?.drop?.includes('ALL')) problem(`${where} does not drop ALL capabilities`);
    if (!(container.volumeMounts ?? []).some((mount) => mount.mountPath === '/tmp' && tmpVolumes.has(mount.name))) problem(`${where} has no emptyDir on /tmp`);
  }
}

/** A start may take minutes (migrations elsewhere, a broker away delays it): probed every 5 s, 60 times. */
const STARTUP = { periodSeconds: 5, failureThreshold: 60 };

/**
 * What a Deployment lacks to roll out safely, one line each; [] when nothing. Checks the pod (podProblems),
 * each container's probes (a startup probe on /livez of the http port allowing 5 minutes, liveness on /livez
 * with no initial delay, readiness on /readyz) and preStop hook, the drain timing, and that a
 * PodDisruptionBudget and a HorizontalPodAutoscaler cover it.
 */
export function deploymentProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const pdbs = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
  const hpas = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
  for (const deployment of ofKind<IDeployment>(objects, 'Deployment')) {
    const name = deployment.metadata.name;
    const problem = (text: string) => problems.push(`${name}: ${text}`);
    const pod = deployment.spec?.template.spec;
    if (!pod) {
      problem('no pod spec');
      continue;
    }
    const labels = podLabels(deployment);
    if (!deployment.spec?.selector.matchLabels || !matches(deployment.spec.selector.matchLabels, labels)) problem('selector does not match the pod labels');
    podProblems(pod, problem);
    for (const container of pod.containers) {
      const where = `container ${container.name}`;
      const startup = container.startupProbe;
      if (startup?.httpGet?.path !== '/livez' || startup.httpGet.port !== 'http') problem(`${where} has no startup probe on /livez of its http port`);
      else if ((startup.periodSeconds ?? 10) !== STARTUP.periodSeconds || (startup.failureThreshold ?? 3) !== STARTUP.failureThreshold) {
        problem(`${where} has a startup probe not allowing 5 minutes (every ${STARTUP.periodSeconds} s, ${STARTUP.failureThreshold} times)`);
      }
      if (container.readinessProbe?.httpGet?.path !== '/readyz') problem(`${where} has no readiness probe on /readyz`);
      if (container.livenessProbe?.httpGet?.path !== '/livez') problem(`${where} has no liveness probe on /livez`);
      // The startup probe holds the liveness probe back until the process answers: a delay would only add to it.
      else if (container.livenessProbe.initialDelaySeconds) problem(`${where} delays its liveness probe (the startup probe covers the start)`);
      if (!container.lifecycle?.preStop?.exec?.command?.length) problem(`${where} has no preStop hook`);
    }
    // preStop sleep 5 s, then SIGTERM and a drain of up to 10 s (SHUTDOWN_TIMEOUT_MS): all before the kill.
    if ((pod.terminationGracePeriodSeconds ?? 30) <= 5 + 10) problem('terminationGracePeriodSeconds does not exceed preStop + drain (15 s)');

    const budget = pdbs.find((pdb) => pdb.spec?.selector?.matchLabels && matches(pdb.spec.selector.matchLabels, labels));
    if (!budget) problem('no PodDisruptionBudget selects its pods');
    else if (budget.spec?.minAvailable === undefined && budget.spec?.maxUnavailable === undefined) problem('its PodDisruptionBudget sets neither minAvailable nor maxUnavailable');
    const autoscaler = hpas.find(({ spec }) => spec?.scaleTargetRef.kind === 'Deployment' && spec.scaleTargetRef.name === name);
    if (!autoscaler) problem('no HorizontalPodAutoscaler targets it');
    else if (!autoscaler.spec?.metrics?.some((metric) => metric.resource?.name === 'cpu' && metric.resource.target.type === 'Utilization')) problem('its HorizontalPodAutoscaler does not scale on cpu utilization');
  }
  return problems;
}

/**
 * What a Job lacks to run once, locked down, one line each; [] when nothing: the pod (podProblems), a bounded
 * number of retries, its own deletion once finished, a restartPolicy a Job accepts.
 */
export function jobProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const job of ofKind<IJob>(objects, 'Job')) {
    const problem = (text: string) => problems.push(`${job.metadata.name}: ${text}`);
    const pod = job.spec?.template.spec;
    if (!pod) {
      problem('no pod spec');
      continue;
    }
    podProblems(pod, problem);
    if (job.spec?.backoffLimit !== 3) problem('backoffLimit is not 3');
    if (job.spec?.ttlSecondsAfterFinished !== 86_400) problem('ttlSecondsAfterFinished is not 86400 (a day)');
    if (!['Never', 'OnFailure'].includes(pod.restartPolicy ?? '')) problem('restartPolicy is neither Never nor OnFailure');
  }
  return problems;
}

/** The services whose lookups a service asks: the owners of its replicas. */
const ownersAsked = (definition: AnyServiceDefinition): string[] => [...(definition.extension?.calls ?? [])];
const ownerUrl = serviceUrlSettingName;

/** The order the Job crm-migrate-<release> migrates the services in. */
const MIGRATION_ORDER = ['auth', 'leads', 'contacts', 'accounts-opportunities', 'import-export', 'audit'];
const definitionOf = (service: string) => SERVICES.find(({ definition }) => definition.name === service)!.definition;
/** The key of crm-secrets holding a service's DATABASE_URL: its own role's (`LEADS_DATABASE_URL`). */
const databaseUrlKey = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`;
/** The key of crm-secrets holding a service's AMQP_URL: its own broker user's (`LEADS_AMQP_URL`, docs/security.md §10.2). */
const amqpUrlKey = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_AMQP_URL`;
/** The key of crm-secrets holding a workload's INTERNAL_SIGNING_KEY: its own private key (`LEADS_INTERNAL_SIGNING_KEY`, docs/security.md §10.3). */
const signingKeyKey = (workload: string) => `${workload.toUpperCase().replace(/-/g, '_')}_INTERNAL_SIGNING_KEY`;
/** The role a service runs as: `crm_` and its schema (`crm_accounts_opportunities`). */
const serviceRole = (service: string) => `crm_${definitionOf(service).schema}`;
/** The keys of crm-secrets: the migration role's URL, each service role's, and the other secrets. */
const SECRET_KEYS = ['DATABASE_MIGRATION_URL', ...MIGRATION_ORDER.map(databaseUrlKey), ...MIGRATION_ORDER.map(amqpUrlKey), ...['gateway', ...MIGRATION_ORDER].map(signingKeyKey), 'SIGNING_KEY_SECRET', 'SMTP_URL', 'REDIS_URL', 'BACKUP_DATABASE_URL', 'BACKUP_ENCRYPTION_KEY'];
/** The settings a container takes from crm-secrets (its DATABASE_URL from its service's key), never from a ConfigMap. */
const SECRET_SETTINGS = ['DATABASE_URL', 'AMQP_URL', 'INTERNAL_SIGNING_KEY', 'SIGNING_KEY_SECRET', 'SMTP_URL', 'REDIS_URL'];
/** Settings a component adds where an overlay takes it (k8s/components/tracing): allowed everywhere, required nowhere. */
const OPTIONAL_SETTINGS = ['OTEL_EXPORTER_OTLP_ENDPOINT'];
const SERVICE_SETTINGS = ['NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'DATABASE_MIGRATE_ON_START', 'DATABASE_POOL_SIZE', 'AMQP_URL', 'INTERNAL_SIGNING_KEY', 'INTERNAL_TOKEN_PUBLIC_KEYS', 'PORT', 'PUBLIC_BASE_URL', ...OPTIONAL_SETTINGS];
/** The settings each workload's containers may be given, as in docker-compose.yml. */
const ALLOWED_SETTINGS: Record<string, string[]> = {
  gateway: [
    'NODE_ENV',
    'LOG_LEVEL',
    'INTERNAL_SIGNING_KEY',
    'REDIS_URL',
    // An environment's own keys on a Redis others share (the overlays: crm:dev:, crm:prod:).
    'REDIS_KEY_PREFIX',
    'GATEWAY_PORT',
    'METRICS_PORT',
    'THROTTLE_RATES',
    'FORM_RATE',
    'CORS_ORIGINS',
    'COMPRESSION_MIN_BYTES',
    'TRUST_PROXY',
    'AUTH_SERVICE_URL',
    'LEADS_SERVICE_URL',
    'CONTACTS_SERVICE_URL',
    'ACCOUNTS_OPPORTUNITIES_SERVICE_URL',
    'IMPORT_EXPORT_SERVICE_URL',
    'AUDIT_SERVICE_URL',
    ...OPTIONAL_SETTINGS,
  ],
  // Each service: the common settings, and where the owners of its replicas listen.
  ...Object.fromEntries(SERVICES.map(({ definition }) => [definition.name, [...SERVICE_SETTINGS, ...ownersAsked(definition).map(ownerUrl)]])),
  'import-export': [...SERVICE_SETTINGS, 'LEADS_SERVICE_URL', 'CONTACTS_SERVICE_URL'],
};
// Auth alone holds the signing keys, encrypted with this secret (refused empty in production), and sends e-mail
// (its SMTP server a secret, as its URL may carry a password; both it and the links' base required in production).
ALLOWED_SETTINGS.auth!.push('SIGNING_KEY_SECRET', 'SMTP_URL', 'MAIL_FROM');
const PORTS = new Map<string, number>([['gateway', 8080], ...SERVICES.map(({ definition }) => [definition.name, definition.defaultPort] as [string, number])]);
/** Where `GET /metrics` answers when not on the workload's port: the gateway's, kept off the port the HTTPRoute routes. */
const METRICS_PORTS = new Map<string, number>([['gateway', 9464]]);
/** The NetworkPolicy letting Prometheus scrape `/metrics` on every pod (k8s/base/allow-metrics-scrape.yaml). */
const SCRAPE_POLICY = 'allow-metrics-scrape';
/**
 * Who may open a connection to each service (NetworkPolicy ingress): the gateway, import-export to the
 * two it imports into, and every service keeping a replica of its records (asking its lookup).
 */
const CALLERS: Record<string, string[]> = Object.fromEntries(
  SERVICES.map(({ definition }) => [
    definition.name,
    [
      'gateway',
      ...(['leads', 'contacts'].includes(definition.name) ? ['import-export'] : []),
      ...SERVICES.filter(({ definition: asker }) => ownersAsked(asker).includes(definition.name)).map(({ definition: asker }) => asker.name),
    ].sort(),
  ]),
);

/** The settings a container is given: its env and the keys of the ConfigMaps and Secrets it takes whole. */
function settingsOf(container: IContainer, objects: K8sObject[]): Map<string, 'value' | 'configMap' | 'secret'> {
  const settings = new Map<string, 'value' | 'configMap' | 'secret'>();
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
    const found = objects.find((object) => object.kind === kind && object.metadata.name === ref?.name) as { data?: Record<string, string> } | undefined;
    if (!found && kind === 'ConfigMap') throw new Error(`${container.name}: no ConfigMap ${ref?.name}`);
    if (!found) throw new Error(`${container.name}: takes the whole Secret ${ref?.name}, whose keys cannot be checked`);
    for (const key of Object.keys(found.data ?? {})) settings.set(`${source.prefix ?? ''}${key}`, kind === 'ConfigMap' ? 'configMap' : 'secret');
  }
  for (const variable of container.env ?? []) {
    settings.set(variable.name, variable.valueFrom?.secretKeyRef ? 'secret' : variable.valueFrom?.configMapKeyRef ? 'configMap' : 'value');
  }
  return settings;
}

const renders: Array<[string, K8sObject[]]> = [
  ['k8s/base', render('k8s/base')],
  ['k8s/overlays/dev', render('k8s/overlays/dev')],
];

describe.each(renders)('%s', (dir, objects) => {
  const deployments = ofKind<IDeployment>(objects, 'Deployment');
  const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
  const configMaps = ofKind<IConfigMap>(objects, 'ConfigMap');
  const workloadOf = (deployment: IDeployment) => podLabels(deployment)['app.kubernetes.io/name'];
  const containersOf = (deployment: IDeployment) => [...(deployment.spec?.template.spec?.initContainers ?? []), ...(deployment.spec?.template.spec?.containers ?? [])];
  /** A workload's pod, for the NetworkPolicy evaluator. */
  const endpointOf = (deployment: IDeployment): Endpoint => ({
    namespace: NAMESPACE,
    pod: podLabels(deployment),
    ports: Object.fromEntries(containersOf(deployment).flatMap((container) => container.ports ?? []).map((port) => [port.name, port.containerPort])),
  });
  /** The ConfigMap a workload's main container takes whole. */
  const configOf = (deployment: IDeployment) => {
    const name = deployment.spec!.template.spec!.containers[0]!.envFrom?.find((source) => source.configMapRef)?.configMapRef?.name;
    return configMaps.find((configMap) => configMap.metadata?.name === name)?.data ?? {};
  };
  /** The workloads a workload calls: the hosts of its *_SERVICE_URL settings. */
  const calleesOf = (deployment: IDeployment) =>
    new Set(Object.entries(configOf(deployment)).filter(([key]) => key.endsWith('_SERVICE_URL')).map(([, url]) => new URL(url).hostname));

  it('renders only objects that are valid against the Kubernetes schema', () => {
    expect(objects.length).toBeGreaterThan(0);
    const invalid = objects.flatMap((object) => {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      if (!Model && CUSTOM_SCHEMAS[`${object.apiVersion}/${object.kind}`]) return customSchemaProblems(object);
      if (!Model) return [`${object.apiVersion} ${object.kind} ${object.metadata?.name}: not an expected kind`];
      try {
        new Model(forSchema(object) as never).validate();
        return [];
      } catch (error) {
        return [`${object.kind} ${object.metadata.name}: ${(error as Error).message}`];
      }
    });
    expect(invalid).toEqual([]);
  });

  it('runs the gateway and every service, each labelled, from the one image, on its port', () => {
    expect(deployments.map((deployment) => workloadOf(deployment)).sort()).toEqual([...PORTS.keys()].sort());
    for (const object of objects) expect([object.kind, object.metadata.name, object.metadata.labels?.['app.kubernetes.io/part-of']]).toEqual([object.kind, object.metadata.name, 'crm-platform']);
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      expect(deployment.metadata?.name).toBe(workload);
      expect(podLabels(deployment)['app.kubernetes.io/part-of']).toBe('crm-platform');
      const [container, ...others] = deployment.spec!.template.spec!.containers;
      expect(others).toEqual([]);
      expect(container!.image).toMatch(/^crm-platform(:|$)/);
      expect(container!.command).toEqual(['node', workload === 'gateway' ? 'gateway/dist/main.js' : `services/${workload}/dist/main.js`]);
      expect(container!.ports?.map((port) => [port.name, port.containerPort])).toEqual([
        ['http', PORTS.get(workload)],
        ...(METRICS_PORTS.has(workload) ? [['metrics', METRICS_PORTS.get(workload)]] : []),
      ]);
      const service = objects.find((object) => object.kind === 'Service' && object.metadata.name === workload) as (IService & K8sObject) | undefined;
      expect(service?.spec?.type ?? 'ClusterIP').toBe('ClusterIP');
      expect(matches(service?.spec?.selector, podLabels(deployment)) && Object.keys(service?.spec?.selector ?? {}).length > 0).toBe(true);
      expect(service?.spec?.ports?.map((port) => port.port)).toEqual([PORTS.get(workload)]);
    }
  });

  it('has what a rollout needs on every Deployment', () => {
    expect(deploymentProblems(objects)).toEqual([]);
  });

  it('gives each container only settings its process reads, secrets from crm-secrets only', () => {
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      for (const container of containersOf(deployment)) {
        const settings = settingsOf(container, objects);
        expect([workload, container.name, [...settings.keys()].filter((name) => !ALLOWED_SETTINGS[workload]!.includes(name))]).toEqual([workload, container.name, []]);
        for (const [name, source] of settings) expect([container.name, name, source]).toEqual([container.name, name, SECRET_SETTINGS.includes(name) ? 'secret' : 'configMap']);
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (!ref) continue;
          expect(ref.name).toMatch(/^crm-secrets(-[a-z0-9]+)?$/);
          // A service's DATABASE_URL is its own role's, never the migration role's; its AMQP_URL its own broker user's; its signing key its own.
          const ownKey = { DATABASE_URL: databaseUrlKey(workload), AMQP_URL: amqpUrlKey(workload), INTERNAL_SIGNING_KEY: signingKeyKey(workload) }[variable.name];
          expect([workload, variable.name, ref.key]).toEqual([workload, variable.name, ownKey ?? variable.name]);
        }
      }
      const main = settingsOf(deployment.spec!.template.spec!.containers[0]!, objects);
      const required = (settings: string[]) => settings.filter((name) => !OPTIONAL_SETTINGS.includes(name)).sort();
      expect(required([...main.keys()])).toEqual(required(ALLOWED_SETTINGS[workload]!));
    }
  });

  it('points every URL at a Service that exists, on its port', () => {
    for (const configMap of configMaps) {
      for (const [key, value] of Object.entries(configMap.data ?? {})) {
        if (!key.endsWith('_SERVICE_URL')) continue;
        const url = new URL(value);
        expect([key, Number(url.port)]).toEqual([key, PORTS.get(url.hostname)]);
      }
      const workload = configMap.metadata?.labels?.['app.kubernetes.io/name'];
      // The public keys of internal tokens are every service's, no workload's own settings; the connection budget is no process's.
      if (configMap.metadata?.name?.startsWith('crm-internal-token-keys') || configMap.metadata?.name === 'crm-database-connection-budget') continue;
      if (workload === 'gateway') expect(configMap.data?.GATEWAY_PORT).toBe('8080');
      else expect(Number(configMap.data?.PORT)).toBe(PORTS.get(workload!));
    }
  });

  it("sets the gateway's THROTTLE_RATES in its ConfigMap", () => {
    const gateway = deployments.find((deployment) => workloadOf(deployment) === 'gateway')!;
    const name = gateway.spec!.template.spec!.containers[0]!.envFrom?.find((source) => source.configMapRef)?.configMapRef?.name;
    const rates = configMaps.find((configMap) => configMap.metadata?.name === name)?.data?.THROTTLE_RATES;
    expect(rates).toBeDefined();
    expect(() => parseThrottleRates(rates!)).not.toThrow();
  });

  it('migrates in no Deployment: each service starts only once its migrations were applied (DATABASE_MIGRATE_ON_START=false)', () => {
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      expect([workload, deployment.spec!.template.spec!.initContainers ?? []]).toEqual([workload, []]);
      if (workload === 'gateway') continue;
      const config = configOf(deployment);
      expect([workload, config.DATABASE_MIGRATE_ON_START]).toEqual([workload, 'false']);
      // As the code reads it.
      expect([workload, loadConfig(commonConfig, config).DATABASE_MIGRATE_ON_START]).toEqual([workload, false]);
    }
  });

  describe('the migration Job', () => {
    const jobs = ofKind<IJob>(objects, 'Job');
    const job = jobs[0]!;
    const pod = job.spec!.template.spec!;
    const jobPod: Endpoint = { namespace: NAMESPACE, pod: job.spec?.template.metadata?.labels ?? {}, ports: {} };

    it('is one Job, crm-migrate-<release>, with what a run needs: bounded retries, deleted a day after, locked down', () => {
      // Named after the release (its version label, the image's tag), so that a release never meets the last one's Job.
      const release = dir === 'k8s/base' ? RELEASE : 'dev';
      expect(jobs.map((each) => [each.metadata.name, each.metadata.labels?.['app.kubernetes.io/version']])).toEqual([[`crm-migrate-${release}`, release]]);
      expect(imageReference(pod.containers[0]!.image!).tag).toBe(release);
      expect(jobProblems(objects)).toEqual([]);
    });

    it("migrates every service in turn (auth, leads, contacts, accounts-opportunities, import-export, audit), then ends", () => {
      expect([...MIGRATION_ORDER].sort()).toEqual(SERVICES.map(({ definition }) => definition.name).sort());
      expect(pod.initContainers?.map((init) => [init.name, [...(init.command ?? []), ...(init.args ?? [])]])).toEqual(
        MIGRATION_ORDER.map((service) => [service, ['node', `services/${service}/dist/main.js`, 'migrate']]),
      );
      expect(pod.containers.map((container) => [...(container.command ?? []), ...(container.args ?? [])])).toEqual([['node', '-e', 'process.exit(0)']]);
      const image = deployments[0]!.spec!.template.spec!.containers[0]!.image;
      for (const container of [...pod.initContainers!, ...pod.containers]) expect([container.name, container.image]).toEqual([container.name, image]);
    });

    it("runs each migration as the migration role (DATABASE_MIGRATION_URL), granting the service's own role", () => {
      for (const init of pod.initContainers ?? []) {
        expect([init.name, init.envFrom ?? []]).toEqual([init.name, []]);
        expect([init.name, init.env]).toEqual([
          init.name,
          [
            { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: expect.stringMatching(/^crm-secrets(-[a-z0-9]+)?$/), key: 'DATABASE_MIGRATION_URL' } } },
            { name: 'DATABASE_SERVICE_ROLE', value: serviceRole(init.name) },
          ],
        ]);
        // A role name the code accepts (its migrate step reads it).
        expect(loadConfig(commonConfig, { DATABASE_SERVICE_ROLE: serviceRole(init.name) }).DATABASE_SERVICE_ROLE).toBe(serviceRole(init.name));
      }
    });

    it('reaches PostgreSQL and DNS only, and accepts nothing', () => {
      expect(connects(policies, jobPod, OUTSIDE_THE_CLUSTER, 5432)).toBe(true);
      expect(connects(policies, jobPod, KUBE_DNS, 53, 'UDP')).toBe(true);
      for (const port of [5672, 6379, 443]) expect([port, connects(policies, jobPod, OUTSIDE_THE_CLUSTER, port)]).toEqual([port, false]);
      for (const deployment of deployments) {
        const workload = workloadOf(deployment)!;
        expect([workload, connects(policies, jobPod, endpointOf(deployment), PORTS.get(workload)!)]).toEqual([workload, false]);
        expect([workload, connects(policies, endpointOf(deployment), jobPod, 8080)]).toEqual([workload, false]);
      }
    });
  });

  it('denies ingress by default; opens the gateway to the ingress controller and each service to its callers only', () => {
    // The scraper's policy is checked on its own below.
    const ingressPolicies = policies.filter((policy) => (policy.spec?.policyTypes?.includes('Ingress') ?? true) && policy.metadata?.name !== SCRAPE_POLICY);
    const denyAll = ingressPolicies.filter((policy) => (policy.spec?.ingress ?? []).length === 0);
    const open = new Set<string>();
    const callers = new Map<string, Set<string>>();
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      const labels = podLabels(deployment);
      const selecting = ingressPolicies.filter((policy) => matches(policy.spec?.podSelector.matchLabels, labels));
      expect([workload, denyAll.some((policy) => selecting.includes(policy))]).toEqual([workload, true]);
      const allowing = selecting.filter((policy) => !denyAll.includes(policy));
      expect([workload, allowing.length]).toEqual([workload, 1]);
      for (const rule of allowing.flatMap((policy) => policy.spec?.ingress ?? [])) {
        for (const port of rule.ports ?? [{}]) expect([workload, port.port]).toEqual([workload, 'http']);
        if (!rule.from?.length) open.add(workload);
        for (const peer of rule.from ?? []) {
          const caller = peer.podSelector?.matchLabels?.['app.kubernetes.io/name'];
          // Only same-namespace pods of a named workload: no ipBlock, namespaceSelector or empty podSelector.
          if (peer.ipBlock || peer.namespaceSelector || !caller) open.add(workload);
          else callers.set(workload, new Set([...(callers.get(workload) ?? []), caller]));
        }
      }
    }
    expect([...open]).toEqual(['gateway']);
    for (const [service, expected] of Object.entries(CALLERS)) expect([service, [...(callers.get(service) ?? [])].sort()]).toEqual([service, expected]);
  });

  it('lets the metrics scraper, and only it, reach every pod on its http port, where the annotations say', () => {
    const scrape = policies.filter((policy) => policy.metadata?.name === SCRAPE_POLICY);
    expect(scrape).toHaveLength(1);
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      expect([workload, matches(scrape[0]!.spec?.podSelector.matchLabels, podLabels(deployment))]).toEqual([workload, true]);
      expect([workload, deployment.spec?.template.metadata?.annotations]).toEqual([
        workload,
        { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(METRICS_PORTS.get(workload) ?? PORTS.get(workload)), 'prometheus.io/path': '/metrics' },
      ]);
    }
    expect(scrape[0]!.spec?.ingress).toEqual([
      {
        from: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
            podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
          },
        ],
        ports: [
          { port: 'http', protocol: 'TCP' },
          { port: 'metrics', protocol: 'TCP' },
        ],
      },
    ]);
  });

  it('runs a release of the image, tagged (or by digest), never untagged or latest', () => {
    const jobPods = ofKind<IJob>(objects, 'Job').map((job) => job.spec!.template.spec!);
    const images = [...deployments.map((deployment) => deployment.spec!.template.spec!), ...jobPods]
      .flatMap((pod) => [...(pod.initContainers ?? []), ...pod.containers])
      .map((container) => [container.name, container.image ?? ''] as const);
    // The Deployments' containers and the migration Job's.
    expect(images.length).toBeGreaterThan(deployments.length + 6);
    for (const [container, image] of images) {
      const { tag, digest } = imageReference(image);
      expect([container, image, tag !== undefined || /^sha256:[0-9a-f]{64}$/.test(digest ?? '')]).toEqual([container, image, true]);
      expect([container, image, tag]).not.toEqual([container, image, 'latest']);
      if (dir === 'k8s/base') expect([container, image, tag]).toEqual([container, image, RELEASE]);
    }
  });

  it('spreads the pods of every Deployment over zones, then nodes, without ever leaving one pending', () => {
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      const constraints = deployment.spec?.template.spec?.topologySpreadConstraints ?? [];
      expect([workload, constraints.map((constraint) => constraint.topologyKey).sort()]).toEqual([workload, ['kubernetes.io/hostname', 'topology.kubernetes.io/zone']]);
      for (const constraint of constraints) {
        expect([workload, constraint.topologyKey, constraint.whenUnsatisfiable, constraint.maxSkew, constraint.labelSelector?.matchLabels, constraint.matchLabelKeys]).toEqual([
          workload,
          constraint.topologyKey,
          'ScheduleAnyway',
          1,
          { 'app.kubernetes.io/name': workload },
          ['pod-template-hash'],
        ]);
        expect([workload, selects(constraint.labelSelector, podLabels(deployment))]).toEqual([workload, true]);
      }
    }
  });

  it('leaves the replica count to the autoscaler wherever one targets the Deployment', () => {
    const hpas = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
    for (const deployment of deployments) {
      const scaled = hpas.some(({ spec }) => spec?.scaleTargetRef.kind === 'Deployment' && spec.scaleTargetRef.name === deployment.metadata?.name);
      expect([deployment.metadata?.name, scaled, deployment.spec?.replicas]).toEqual([deployment.metadata?.name, true, undefined]);
    }
  });

  it(dir === 'k8s/base' ? 'runs every process with NODE_ENV=production' : 'runs every process with NODE_ENV=development (its secrets are published)', () => {
    for (const deployment of deployments) {
      expect([workloadOf(deployment), configOf(deployment).NODE_ENV]).toEqual([workloadOf(deployment), dir === 'k8s/base' ? 'production' : 'development']);
    }
  });

  it('admits no pod from a bare namespace selector or from everywhere', () => {
    for (const policy of policies) {
      for (const rule of policy.spec?.ingress ?? []) {
        const name = policy.metadata?.name;
        expect([name, (rule.from ?? []).length > 0]).toEqual([name, true]);
        for (const peer of rule.from ?? []) {
          const bareNamespace = peer.namespaceSelector !== undefined && Object.keys(peer.namespaceSelector.matchLabels ?? {}).length === 0 && !peer.namespaceSelector.matchExpressions?.length;
          const everywhere = ['0.0.0.0/0', '::/0'].includes(peer.ipBlock?.cidr ?? '');
          expect([name, bareNamespace, everywhere]).toEqual([name, false, false]);
        }
      }
    }
  });

  it("lets the gateway in from the Gateway's proxies only, on its API port", () => {
    const gateway = endpointOf(deployments.find((deployment) => workloadOf(deployment) === 'gateway')!);
    expect(connects(policies, EDGE_PROXY, gateway, PORTS.get('gateway')!)).toBe(true);
    expect(connects(policies, EDGE_PROXY, gateway, METRICS_PORTS.get('gateway')!)).toBe(false);
    expect(connects(policies, inNamespace('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' }), gateway, PORTS.get('gateway')!)).toBe(false);
    expect(connects(policies, inNamespace('elsewhere', { 'app.kubernetes.io/name': 'anything' }), gateway, PORTS.get('gateway')!)).toBe(false);
    expect(connects(policies, { namespace: NAMESPACE, pod: { 'app.kubernetes.io/name': 'debug' } }, gateway, PORTS.get('gateway')!)).toBe(false);
  });

  it('denies egress by default: every pod is isolated by an Egress policy and may resolve names', () => {
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      const egressPolicies = policies.filter((policy) => policyTypesOf(policy).includes('Egress') && selects(policy.spec?.podSelector, podLabels(deployment)));
      expect([workload, egressPolicies.length > 0]).toEqual([workload, true]);
      const pod = endpointOf(deployment);
      expect([workload, connects(policies, pod, KUBE_DNS, 53, 'UDP'), connects(policies, pod, KUBE_DNS, 53, 'TCP')]).toEqual([workload, true, true]);
      expect([workload, connects(policies, pod, OUTSIDE_THE_CLUSTER, 443)]).toEqual([workload, false]);
      expect([workload, connects(policies, pod, inNamespace('elsewhere', { 'app.kubernetes.io/name': 'anything' }, { http: 8080 }), 8080)]).toEqual([workload, false]);
    }
  });

  it('lets each workload reach the services it calls on their http port, and no other', () => {
    const gateway = deployments.find((deployment) => workloadOf(deployment) === 'gateway')!;
    expect([...calleesOf(gateway)].sort()).toEqual(SERVICES.map(({ definition }) => definition.name).sort());
    for (const caller of deployments) {
      const callees = calleesOf(caller);
      for (const callee of deployments) {
        if (callee === caller) continue;
        const [from, to] = [workloadOf(caller)!, workloadOf(callee)!];
        const port = endpointOf(callee).ports!.http!;
        // Its egress alone, and the connection (the callee's ingress too).
        const [sends, connected] = [sendsTo, connects].map((verdict) => verdict(policies, endpointOf(caller), endpointOf(callee), port));
        expect([from, to, sends, connected]).toEqual([from, to, callees.has(to), callees.has(to)]);
      }
    }
  });

  it('lets each workload out to PostgreSQL, RabbitMQ and Redis (outside the base) only if it is given their URL', () => {
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      const settings = new Set(containersOf(deployment).flatMap((container) => [...settingsOf(container, objects).keys()]));
      const pod = endpointOf(deployment);
      expect([workload, [5432, 5672, 6379].map((port) => connects(policies, pod, OUTSIDE_THE_CLUSTER, port))]).toEqual([
        workload,
        ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL'].map((setting) => settings.has(setting)),
      ]);
    }
  });

  it('lets each workload send its spans to the collector (OTLP/HTTP, 4318) only if it is given its endpoint, and there', () => {
    for (const deployment of deployments) {
      const workload = workloadOf(deployment)!;
      const endpoint = configOf(deployment).OTEL_EXPORTER_OTLP_ENDPOINT;
      if (endpoint !== undefined) expect([workload, new URL(endpoint).host]).toEqual([workload, 'otel-collector:4318']);
      const pod = endpointOf(deployment);
      expect([workload, connects(policies, pod, COLLECTOR, 4318), connects(policies, pod, OUTSIDE_THE_CLUSTER, 4318)]).toEqual([workload, endpoint !== undefined, false]);
    }
  });

  it("routes the HTTPRoute to the gateway's API port only, which answers no /metrics", () => {
    expect(ofKind(objects, 'Ingress')).toEqual([]);
    const routes = ofKind<HttpRoute>(objects, 'HTTPRoute');
    expect(routes.map((route) => route.metadata.name)).toEqual(['gateway']);
    const rules = routes[0]!.spec.rules;
    expect(rules.map(({ matches, backendRefs }) => [matches?.map(({ path }) => [path?.type, path?.value]), backendRefs?.map(({ kind, name, port }) => [kind ?? 'Service', name, port])])).toEqual([
      [[['PathPrefix', '/api']], [['Service', 'gateway', 8080]]],
    ]);
    // A route reaches only ports of the Service: the gateway's has the API port and nothing else.
    const service = objects.find((object) => object.kind === 'Service' && object.metadata.name === 'gateway') as IService & K8sObject;
    const container = deployments.find((deployment) => workloadOf(deployment) === 'gateway')!.spec!.template.spec!.containers[0]!;
    const containerPort = (target: number | string | undefined) =>
      typeof target === 'number' ? target : container.ports?.find((port) => port.name === target)?.containerPort;
    expect(service.spec?.ports?.map((port) => [port.name, containerPort(port.targetPort ?? port.port)])).toEqual([['http', PORTS.get('gateway')]]);
  });

  it("gives the gateway settings it starts with: TRUST_PROXY for the edge proxy's one hop, /metrics on the metrics port", () => {
    const gateway = deployments.find((deployment) => workloadOf(deployment) === 'gateway')!;
    const name = gateway.spec!.template.spec!.containers[0]!.envFrom?.find((source) => source.configMapRef)?.configMapRef?.name;
    const settings = configMaps.find((configMap) => configMap.metadata?.name === name)!.data!;
    // With the secrets it takes from crm-secrets (production refuses to start without Redis).
    const config = loadGatewayConfig({ ...settings, INTERNAL_SIGNING_KEY: newSigningKey('gateway-1').signingKey, REDIS_URL: 'redis://:a-password@redis:6379' });
    expect(config.TRUST_PROXY).toBe(1);
    expect(config.METRICS_PORT).toBe(METRICS_PORTS.get('gateway'));
    expect(config.GATEWAY_PORT).toBe(PORTS.get('gateway'));
  });

  it(dir === 'k8s/base' ? 'holds no Secret (crm-secrets is created per environment)' : 'generates crm-secrets with every key, development values only', () => {
    const secrets = ofKind<ISecret>(objects, 'Secret');
    if (dir === 'k8s/base') {
      expect(secrets).toEqual([]);
      return;
    }
    expect(secrets.map((secret) => secret.metadata?.name)).toEqual([expect.stringMatching(/^crm-secrets-/)]);
    const values = Object.fromEntries(Object.entries(secrets[0]!.data ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]));
    expect(Object.keys(values).sort()).toEqual([...SECRET_KEYS].sort());
    // Least privilege: the Job as crm_migrator, each service as the role the Job grants its tables to.
    expect(new URL(values.DATABASE_MIGRATION_URL!).username).toBe('crm_migrator');
    for (const service of MIGRATION_ORDER) expect([service, new URL(values[databaseUrlKey(service)]!).username]).toEqual([service, serviceRole(service)]);
    for (const service of MIGRATION_ORDER) expect([service, new URL(values[amqpUrlKey(service)]!).username]).toEqual([service, `crm-${service}`]);
    // Each workload's own signing key, under a key id NODE_ENV=production refuses, and its public key in crm-internal-token-keys.
    const publicKeys = configMaps.find((configMap) => configMap.metadata?.name?.startsWith('crm-internal-token-keys'))!.data!.INTERNAL_TOKEN_PUBLIC_KEYS!;
    for (const workload of ['gateway', ...MIGRATION_ORDER]) {
      const [key] = parseSigningKeys(values[signingKeyKey(workload)]!);
      expect([workload, key!.kid]).toEqual([workload, expect.stringMatching(/not-for-production/)]);
      expect(parsePublicKeys(publicKeys).get(workload)?.get(key!.kid)?.equals(key!.publicKey)).toBe(true);
    }
    const jobContainers = ofKind<IJob>(objects, 'Job').flatMap((job) => [...(job.spec?.template.spec?.initContainers ?? []), ...(job.spec?.template.spec?.containers ?? [])]);
    for (const variable of [...deployments.flatMap(containersOf), ...jobContainers].flatMap((container) => container.env ?? [])) {
      if (variable.valueFrom?.secretKeyRef) expect(variable.valueFrom.secretKeyRef.name).toBe(secrets[0]!.metadata?.name);
    }
  });
});

describe('deploymentProblems', () => {
  const [, dev] = renders[1]!;
  const deploymentNamed = (objects: K8sObject[], name: string) => ofKind<IDeployment>(objects, 'Deployment').find((deployment) => deployment.metadata?.name === name)!;

  it('reports a Deployment without probes, resources or a locked-down container', () => {
    const broken = structuredClone(dev);
    const container = deploymentNamed(broken, 'leads').spec!.template.spec!.containers[0]!;
    delete container.readinessProbe;
    delete container.livenessProbe;
    delete container.startupProbe;
    delete container.resources!.limits;
    container.securityContext!.readOnlyRootFilesystem = false;
    delete container.lifecycle;
    expect(deploymentProblems(broken)).toEqual([
      'leads: container leads has no memory limit',
      'leads: container leads has a writable root filesystem',
      'leads: container leads has no startup probe on /livez of its http port',
      'leads: container leads has no readiness probe on /readyz',
      'leads: container leads has no liveness probe on /livez',
      'leads: container leads has no preStop hook',
    ]);
  });

  it('reports a Deployment without a PodDisruptionBudget or an autoscaler, or a pod that may run as root', () => {
    const broken = structuredClone(dev).filter(
      (object) => !(['PodDisruptionBudget', 'HorizontalPodAutoscaler'].includes(object.kind) && object.metadata.name === 'audit'),
    );
    const pod = deploymentNamed(broken, 'gateway').spec!.template.spec!;
    delete pod.securityContext!.runAsNonRoot;
    pod.terminationGracePeriodSeconds = 10;
    expect(deploymentProblems(broken)).toEqual([
      'audit: no PodDisruptionBudget selects its pods',
      'audit: no HorizontalPodAutoscaler targets it',
      'gateway: pod securityContext.runAsNonRoot is not true',
      'gateway: terminationGracePeriodSeconds does not exceed preStop + drain (15 s)',
    ]);
  });

  it('reports a startup probe allowing less than 5 minutes, or a liveness probe delayed as well', () => {
    const broken = structuredClone(dev);
    const auth = deploymentNamed(broken, 'auth').spec!.template.spec!.containers[0]!;
    auth.startupProbe!.failureThreshold = 12;
    auth.livenessProbe!.initialDelaySeconds = 10;
    deploymentNamed(broken, 'gateway').spec!.template.spec!.containers[0]!.startupProbe!.httpGet!.path = '/readyz';
    expect(deploymentProblems(broken)).toEqual([
      'auth: container auth has a startup probe not allowing 5 minutes (every 5 s, 60 times)',
      'auth: container auth delays its liveness probe (the startup probe covers the start)',
      'gateway: container gateway has no startup probe on /livez of its http port',
    ]);
  });

  it('reports a migration Job retrying forever, kept forever, or not locked down', () => {
    const broken = structuredClone(dev);
    const job = ofKind<IJob>(broken, 'Job')[0]!;
    delete job.spec!.backoffLimit;
    delete job.spec!.ttlSecondsAfterFinished;
    job.spec!.template.spec!.restartPolicy = 'Always';
    const leads = job.spec!.template.spec!.initContainers!.find((init) => init.name === 'leads')!;
    leads.securityContext!.allowPrivilegeEscalation = true;
    delete leads.resources!.requests;
    expect(jobProblems(broken)).toEqual([
      'crm-migrate-dev: init container leads has no cpu and memory requests',
      'crm-migrate-dev: init container leads allows privilege escalation',
      'crm-migrate-dev: backoffLimit is not 3',
      'crm-migrate-dev: ttlSecondsAfterFinished is not 86400 (a day)',
      'crm-migrate-dev: restartPolicy is neither Never nor OnFailure',
    ]);
  });

  it('reports a PodDisruptionBudget whose selector misses the pods', () => {
    const broken = structuredClone(dev);
    const pdb = ofKind<IPodDisruptionBudget>(broken, 'PodDisruptionBudget').find((budget) => budget.metadata?.name === 'contacts')!;
    pdb.spec!.selector!.matchLabels = { 'app.kubernetes.io/name': 'contact' };
    expect(deploymentProblems(broken)).toEqual(['contacts: no PodDisruptionBudget selects its pods']);
  });
});
