import { MAX_ATTACHMENT_BYTES, MAX_IMPORT_BYTES } from '@crm/records';
import { Ingress, type IIngress, type INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IConfigMap, IService } from 'kubernetes-models/v1';
import { customSchemaProblems, durationSeconds, named, ofKind, quantityBytes, readYaml, render, type BackendTrafficPolicy, type HttpRoute, type K8sObject } from './k8s-render';

/**
 * The public entry (issue 36.8): the Gateway API by default, an HTTPRoute on a Gateway the platform provides, with
 * Envoy Gateway's policy for the body's size where an overlay takes it (k8s/components/envoy-gateway); an Ingress
 * as an example for a cluster whose edge is an Ingress controller (k8s/examples/ingress). Checked offline against
 * the schemas of k8s-render.ts (the CRDs' rules) and kubernetes-models (the Ingress), and for what the API needs
 * of its edge: /api alone to the gateway's API port, a 10 MiB attachment taken, an export never cut short.
 */

/** The largest body the API takes: an attachment of 10 MiB with its multipart envelope (1 MiB), or an import. */
const LARGEST_BODY = Math.max(11 * 1024 * 1024, MAX_ATTACHMENT_BYTES + 1024 * 1024, MAX_IMPORT_BYTES);

/** The production overlay's environment (environment.yaml, local to kustomize: not among the rendered objects). */
const ENVIRONMENT = readYaml<{ data: Record<string, string> }>('k8s/overlays/production/environment.yaml').data;

/** The namespace whose pods may open connections to the gateway: the Gateway's proxies', or the Ingress controller's. */
function admittedNamespaces(objects: K8sObject[]): string[] {
  const policy = named<INetworkPolicy>(objects, 'NetworkPolicy', 'gateway')!;
  return (policy.spec?.ingress ?? []).flatMap((rule) => (rule.from ?? []).map((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] ?? '<any>'));
}

/** The host of every service's PUBLIC_BASE_URL (https only), which the links of answers and e-mails start with. */
function publicHosts(objects: K8sObject[]): string[] {
  const urls = ofKind<IConfigMap>(objects, 'ConfigMap').flatMap((configMap) => (configMap.data?.PUBLIC_BASE_URL ? [new URL(configMap.data.PUBLIC_BASE_URL)] : []));
  expect(urls.map((url) => url.protocol)).toEqual(urls.map(() => 'https:'));
  return [...new Set(urls.map((url) => url.host))];
}

/** The port of the Service `gateway` that targets the container port named http (the API's; /metrics is elsewhere). */
function apiPortOf(objects: K8sObject[]): { name?: string; port: number } {
  const service = named<IService>(objects, 'Service', 'gateway')!;
  const ports = service.spec?.ports ?? [];
  expect(ports.map((port) => port.targetPort)).toEqual(['http']);
  return ports[0]!;
}

const withRoute: Array<[string, K8sObject[], { proxies: string; gateway: [string, string, string] }]> = [
  ['k8s/base', render('k8s/base'), { proxies: 'envoy-gateway-system', gateway: ['gateway-system', 'public', 'https'] }],
  ['k8s/overlays/dev', render('k8s/overlays/dev'), { proxies: 'envoy-gateway-system', gateway: ['gateway-system', 'public', 'https'] }],
  [
    'k8s/overlays/production',
    render('k8s/overlays/production'),
    { proxies: ENVIRONMENT.GATEWAY_PROXY_NAMESPACE!, gateway: [ENVIRONMENT.GATEWAY_NAMESPACE!, ENVIRONMENT.GATEWAY_NAME!, ENVIRONMENT.GATEWAY_LISTENER!] },
  ],
];

describe.each(withRoute)('%s: the HTTPRoute', (dir, objects, expected) => {
  const routes = ofKind<HttpRoute>(objects, 'HTTPRoute');
  const route = routes[0]!;

  it('is one HTTPRoute, valid against the Gateway API, and no Ingress', () => {
    expect(routes.map((each) => each.metadata.name)).toEqual(['gateway']);
    expect(customSchemaProblems(route)).toEqual([]);
    expect(ofKind(objects, 'Ingress')).toEqual([]);
  });

  it("attaches to the one HTTPS listener of the platform's Gateway, for the host of PUBLIC_BASE_URL", () => {
    expect(route.spec.parentRefs.map(({ group, kind, namespace, name, sectionName }) => [group, kind, namespace, name, sectionName])).toEqual([
      ['gateway.networking.k8s.io', 'Gateway', ...expected.gateway],
    ]);
    const hosts = publicHosts(objects);
    expect(hosts).toHaveLength(1);
    expect(route.spec.hostnames).toEqual(hosts);
    if (dir === 'k8s/overlays/production') expect(hosts).toEqual([ENVIRONMENT.HOST]);
  });

  it("routes /api, and nothing else, to the gateway's API port", () => {
    expect(route.spec.rules.map(({ matches, backendRefs }) => [matches, backendRefs])).toEqual([
      [[{ path: { type: 'PathPrefix', value: '/api' } }], [{ kind: 'Service', name: 'gateway', port: apiPortOf(objects).port }]],
    ]);
  });

  it('sets no deadline an export or a slow upload could run into (Envoy would cut a request at 15 s)', () => {
    // The gateway answers 504 to a service silent for UPSTREAM_TIMEOUT_MS: the edge has no deadline of its own.
    const timeouts = route.spec.rules[0]!.timeouts;
    expect(timeouts?.backendRequest).toBeUndefined();
    expect(timeouts?.request).toBeDefined();
    expect(durationSeconds(timeouts!.request!)).toBe(0);
  });

  it("lets in the Gateway's proxies, from their namespace only", () => {
    expect(admittedNamespaces(objects)).toEqual([expected.proxies]);
  });

  it(dir === 'k8s/overlays/production' ? "limits a body to the largest upload, by Envoy Gateway's policy" : 'holds no implementation-specific policy', () => {
    const policies = ofKind<BackendTrafficPolicy>(objects, 'BackendTrafficPolicy');
    if (dir !== 'k8s/overlays/production') {
      expect(policies).toEqual([]);
      return;
    }
    expect(policies.map((policy) => customSchemaProblems(policy))).toEqual([[]]);
    const [policy] = policies;
    expect(policy!.spec.targetRefs).toEqual([{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: route.metadata.name }]);
    // Buffered whole (BufferAndLimit, the default): the gateway gets a body at once, and one too large is a 413 at the edge.
    expect(policy!.spec.requestBuffer.mode ?? 'BufferAndLimit').toBe('BufferAndLimit');
    const limit = quantityBytes(policy!.spec.requestBuffer.limit);
    expect(limit).toBeGreaterThanOrEqual(LARGEST_BODY);
    // Not far above it: the proxy holds a body of that size in memory.
    expect(limit).toBeLessThanOrEqual(2 * LARGEST_BODY);
  });
});

describe('k8s/examples/ingress', () => {
  const objects = render('k8s/examples/ingress');
  const ingresses = ofKind<IIngress>(objects, 'Ingress');
  const ingress = ingresses[0]!;

  it('replaces the HTTPRoute with one Ingress, valid against the Kubernetes schema', () => {
    expect(ofKind(objects, 'HTTPRoute')).toEqual([]);
    expect(ingresses.map((each) => each.metadata?.name)).toEqual(['gateway']);
    expect(() => new Ingress(ingress).validate()).not.toThrow();
  });

  it("serves /api alone over TLS, to the gateway's API port, for the host of PUBLIC_BASE_URL", () => {
    const hosts = (ingress.spec?.rules ?? []).map((rule) => rule.host);
    expect(hosts).toEqual(publicHosts(objects));
    for (const host of hosts) expect([host, ingress.spec!.tls?.some((tls) => tls.hosts?.includes(host!) && tls.secretName)]).toEqual([host, true]);
    const paths = ingress.spec?.rules?.flatMap((rule) => rule.http?.paths ?? []) ?? [];
    expect(paths.map(({ path, pathType, backend }) => [path, pathType, backend.service?.name, backend.service?.port?.name ?? backend.service?.port?.number])).toEqual([
      ['/api', 'Prefix', 'gateway', apiPortOf(objects).name],
    ]);
  });

  it('takes a 10 MiB attachment and waits 120 s between two reads of an export (F5 NGINX Ingress Controller)', () => {
    const annotations = ingress.metadata?.annotations ?? {};
    const nginxSize = (value: string | undefined) => {
      const match = /^(\d+)([kmg]?)$/i.exec(value ?? '');
      return match ? Number(match[1]) * 1024 ** ['', 'k', 'm', 'g'].indexOf(match[2]!.toLowerCase()) : Number.NaN;
    };
    expect(nginxSize(annotations['nginx.org/client-max-body-size'])).toBeGreaterThanOrEqual(LARGEST_BODY);
    for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout']) expect([timeout, annotations[`nginx.org/${timeout}`]]).toEqual([timeout, '120s']);
    // Nothing of the retired ingress-nginx's annotations.
    expect(Object.keys(annotations).filter((key) => key.startsWith('nginx.ingress.kubernetes.io/'))).toEqual([]);
  });

  it("lets in the Ingress controller's pods, from its namespace only", () => {
    expect(admittedNamespaces(objects)).toEqual(['nginx-ingress']);
  });
});

describe('the schemas of k8s-render.ts', () => {
  it('refuse a field the CRD does not have, a port by name, a duration it cannot read, a limit past Envoy’s', () => {
    const [, objects] = withRoute.find(([dir]) => dir === 'k8s/overlays/production')!;
    const route = structuredClone(ofKind<HttpRoute>(objects, 'HTTPRoute')[0]!) as unknown as { spec: { rules: Array<Record<string, any>> } } & K8sObject;
    route.spec.rules[0]!.timeout = { request: '0s' };
    route.spec.rules[0]!.backendRefs[0].port = 'http';
    route.spec.rules[0]!.timeouts.request = '2 minutes';
    const policy = structuredClone(ofKind<BackendTrafficPolicy>(objects, 'BackendTrafficPolicy')[0]!);
    policy.spec.requestBuffer.limit = '5Gi';
    expect([...customSchemaProblems(route), ...customSchemaProblems(policy)].map((problem) => problem.split(':')[0]).sort()).toEqual([
      'BackendTrafficPolicy gateway spec.requestBuffer.limit',
      // The unknown key `timeout`.
      'HTTPRoute gateway spec.rules.0',
      'HTTPRoute gateway spec.rules.0.backendRefs.0.port',
      'HTTPRoute gateway spec.rules.0.timeouts.request',
    ]);
  });
});
