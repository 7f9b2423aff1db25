import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, parse } from 'yaml';
import { z } from 'zod';

/**
 * What the tests of k8s/ share: rendering a kustomization as `kubectl kustomize` does, and the schemas of the
 * kinds that kubernetes-models has no model of (the Gateway API's HTTPRoute, Envoy Gateway's BackendTrafficPolicy,
 * the External Secrets Operator's ExternalSecret): the fields the manifests use, with the rules of their CRDs
 * (patterns, enums, bounds); anything else in their spec is refused, so a field misspelt or misplaced fails here
 * rather than being dropped by the API server.
 */
export const ROOT = path.resolve(__dirname, '../..');
const KUBECTL = '/usr/bin/kubectl';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** The objects `kubectl kustomize <dir>` renders (dir relative to the repository, or absolute). */
export function render(dir: string): K8sObject[] {
  const output = execFileSync(KUBECTL, ['kustomize', path.resolve(ROOT, dir)], { encoding: 'utf8', timeout: 60_000 });
  return parseAllDocuments(output).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS() as K8sObject;
  });
}

/** A file of the repository, as text. */
export const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A YAML file of the repository, parsed (one document). */
export const readYaml = <T>(file: string): T => parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

export const ofKind = <T>(objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind) as unknown as Array<T & K8sObject>;
export const named = <T>(objects: K8sObject[], kind: string, name: string) => ofKind<T>(objects, kind).find((object) => object.metadata.name === name);

/** A Gateway API duration (GEP-2257): up to four of <number><h|m|s|ms>, e.g. `1h30m`, `500ms`, `0s`. */
const DURATION = /^([0-9]{1,5}(h|m|s|ms)){1,4}$/;
/** Its length in seconds. */
export function durationSeconds(duration: string): number {
  if (!DURATION.test(duration)) return Number.NaN;
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  return [...duration.matchAll(/([0-9]+)(h|ms|m|s)/g)].reduce((sum, [, value, suffix]) => sum + Number(value) * unit[suffix!]!, 0);
}

/** A Kubernetes quantity of bytes (`12Mi`, `12M`, `12582912`) as a number of bytes. */
export function quantityBytes(quantity: string | number): number {
  const match = /^([0-9]+)([EPTGMK]i|[EPTGMk])?$/.exec(String(quantity));
  if (!match) return Number.NaN;
  const binary = ['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
  const decimal = ['k', 'M', 'G', 'T', 'P', 'E'];
  const suffix = match[2];
  const factor = suffix === undefined ? 1 : binary.includes(suffix) ? 1024 ** (binary.indexOf(suffix) + 1) : 1000 ** (decimal.indexOf(suffix) + 1);
  return Number(match[1]) * factor;
}

const metadata = z.object({ name: z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/).max(253) }).passthrough();
const dnsLabel = z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/).max(63);
const hostname = z.string().regex(/^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/).max(253);
const duration = z.string().regex(DURATION);

/** gateway.networking.k8s.io/v1 HTTPRoute (Gateway API v1.2, Standard channel): the fields of a route to a Service. */
export const HTTP_ROUTE = z.object({
  apiVersion: z.literal('gateway.networking.k8s.io/v1'),
  kind: z.literal('HTTPRoute'),
  metadata,
  spec: z
    .object({
      parentRefs: z
        .array(
          z
            .object({
              group: z.literal('gateway.networking.k8s.io').optional(),
              kind: z.literal('Gateway').optional(),
              namespace: dnsLabel.optional(),
              name: z.string().min(1).max(253),
              sectionName: z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/).max(253).optional(),
              port: z.number().int().min(1).max(65535).optional(),
            })
            .strict(),
        )
        .min(1)
        .max(32),
      hostnames: z.array(hostname).max(16).optional(),
      rules: z
        .array(
          z
            .object({
              matches: z
                .array(
                  z
                    .object({
                      path: z.object({ type: z.enum(['Exact', 'PathPrefix', 'RegularExpression']), value: z.string().startsWith('/').max(1024) }).strict().optional(),
                      method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']).optional(),
                    })
                    .strict(),
                )
                .max(64)
                .optional(),
              backendRefs: z
                .array(
                  z
                    .object({
                      group: z.literal('').optional(),
                      kind: z.literal('Service').optional(),
                      name: dnsLabel,
                      namespace: dnsLabel.optional(),
                      // Required for a Service (a CEL rule of the CRD).
                      port: z.number().int().min(1).max(65535),
                      weight: z.number().int().min(0).max(1_000_000).optional(),
                    })
                    .strict(),
                )
                .max(16)
                .optional(),
              timeouts: z
                .object({ request: duration.optional(), backendRequest: duration.optional() })
                .strict()
                // backendRequest is part of request: never longer (a CEL rule of the CRD; 0s is no limit).
                .refine(({ request, backendRequest }) => !request || !backendRequest || durationSeconds(request) === 0 || durationSeconds(backendRequest) <= durationSeconds(request), 'backendRequest exceeds request')
                .optional(),
            })
            .strict(),
        )
        .min(1)
        .max(16),
    })
    .strict(),
});
export type HttpRoute = z.infer<typeof HTTP_ROUTE>;

const policyTarget = z.object({ group: z.literal('gateway.networking.k8s.io'), kind: z.enum(['Gateway', 'HTTPRoute', 'GRPCRoute']), name: z.string().min(1).max(253) }).strict();

/** gateway.envoyproxy.io/v1alpha1 BackendTrafficPolicy (Envoy Gateway v1.4 and later): a route's request buffer. */
export const BACKEND_TRAFFIC_POLICY = z.object({
  apiVersion: z.literal('gateway.envoyproxy.io/v1alpha1'),
  kind: z.literal('BackendTrafficPolicy'),
  metadata,
  spec: z
    .object({
      targetRefs: z.array(policyTarget).min(1),
      requestBuffer: z
        .object({
          limit: z.union([z.string(), z.number()]).refine((limit) => Number.isFinite(quantityBytes(limit)) && quantityBytes(limit) > 0 && quantityBytes(limit) <= 4_294_967_295, 'a quantity of bytes, at most 4Gi'),
          mode: z.enum(['BufferAndLimit', 'LimitOnly']).optional(),
        })
        .strict(),
    })
    .strict(),
});
export type BackendTrafficPolicy = z.infer<typeof BACKEND_TRAFFIC_POLICY>;

/** external-secrets.io/v1 ExternalSecret (External Secrets Operator v0.17 and later): keys of one Secret from a store. */
export const EXTERNAL_SECRET = z.object({
  apiVersion: z.literal('external-secrets.io/v1'),
  kind: z.literal('ExternalSecret'),
  metadata,
  spec: z
    .object({
      refreshInterval: z.string().regex(/^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/).optional(),
      secretStoreRef: z.object({ kind: z.enum(['SecretStore', 'ClusterSecretStore']), name: z.string().min(1).max(253) }).strict(),
      target: z.object({ name: z.string().min(1).max(253), creationPolicy: z.enum(['Owner', 'Orphan', 'Merge', 'None']).optional(), deletionPolicy: z.enum(['Delete', 'Merge', 'Retain']).optional() }).strict(),
      data: z
        .array(
          z
            .object({
              secretKey: z.string().regex(/^[-._a-zA-Z0-9]+$/),
              remoteRef: z.object({ key: z.string().min(1), property: z.string().min(1).optional(), version: z.string().optional() }).strict(),
            })
            .strict(),
        )
        .min(1),
    })
    .strict(),
});
export type ExternalSecret = z.infer<typeof EXTERNAL_SECRET>;

/** The schemas above by `<apiVersion>/<kind>`, for the kinds kubernetes-models does not know. */
export const CUSTOM_SCHEMAS: Record<string, z.ZodType> = {
  'gateway.networking.k8s.io/v1/HTTPRoute': HTTP_ROUTE,
  'gateway.envoyproxy.io/v1alpha1/BackendTrafficPolicy': BACKEND_TRAFFIC_POLICY,
  'external-secrets.io/v1/ExternalSecret': EXTERNAL_SECRET,
};

/** The problems of an object against its custom schema, one line each; [] when it fits. */
export function customSchemaProblems(object: K8sObject): string[] {
  const schema = CUSTOM_SCHEMAS[`${object.apiVersion}/${object.kind}`];
  if (!schema) return [`${object.apiVersion} ${object.kind}: no schema`];
  const result = schema.safeParse(object);
  return result.success ? [] : result.error.issues.map((issue) => `${object.kind} ${object.metadata?.name} ${issue.path.join('.')}: ${issue.message}`);
}
