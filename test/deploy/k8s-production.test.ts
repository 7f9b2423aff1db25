import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { ICronJob, IJob } from 'kubernetes-models/batch/v1';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IConfigMap, IContainer, IPodSpec } from 'kubernetes-models/v1';
import { parse } from 'yaml';
import { customSchemaProblems, named, ofKind, readYaml, render, ROOT, type ExternalSecret, type K8sObject } from './k8s-render';

/**
 * The production overlay (issue 36.9): it renders; each Deployment keeps serving through a drain (replicas, a
 * PodDisruptionBudget) and has the base's requests and limits; nothing in it is a secret (crm-secrets comes from
 * the platform's store by an ExternalSecret); the image is pinned by digest; the migration Job is named after the
 * release, so that a release applies a Job of its own without deleting the last one.
 */
const PRODUCTION = 'k8s/overlays/production';
const objects = render(PRODUCTION);
const base = render('k8s/base');
const ENVIRONMENT = readYaml<{ data: Record<string, string> }>(`${PRODUCTION}/environment.yaml`).data;

const deployments = ofKind<IDeployment>(objects, 'Deployment');
const podsOf = (objects: K8sObject[]): Array<[string, IPodSpec]> => [
  ...ofKind<IDeployment>(objects, 'Deployment').map((deployment) => [`Deployment ${deployment.metadata.name}`, deployment.spec!.template.spec!] as [string, IPodSpec]),
  ...ofKind<IJob>(objects, 'Job').map((job) => ['Job crm-migrate', job.spec!.template.spec!] as [string, IPodSpec]),
  ...ofKind<ICronJob>(objects, 'CronJob').map((cronJob) => [`CronJob ${cronJob.metadata.name}`, cronJob.spec!.jobTemplate.spec!.template.spec!] as [string, IPodSpec]),
];
const containersOf = (pod: IPodSpec): IContainer[] => [...(pod.initContainers ?? []), ...pod.containers];
const versionOf = (object: K8sObject) => object.metadata.labels?.['app.kubernetes.io/version'];

/** An image reference's parts: `name[:tag][@digest]` (a registry's `host:port/` is no tag). */
function imageReference(image: string): { name: string; tag?: string; digest?: string } {
  const [nameAndTag, digest] = image.split('@') as [string, string | undefined];
  const colon = nameAndTag.lastIndexOf(':');
  return colon > nameAndTag.lastIndexOf('/') ? { name: nameAndTag.slice(0, colon), tag: nameAndTag.slice(colon + 1), digest } : { name: nameAndTag, digest };
}

it('renders only objects that are valid, of the kinds the base has and the ExternalSecret, the edge policy', () => {
  expect([...new Set(objects.map((object) => object.kind))].sort()).toEqual(
    [...new Set([...base.map((object) => object.kind), 'ExternalSecret', 'BackendTrafficPolicy'])].sort(),
  );
  expect(ofKind(objects, 'ExternalSecret').flatMap(customSchemaProblems)).toEqual([]);
});

it('runs every process with NODE_ENV=production', () => {
  // The migration Job's steps read their database settings alone.
  for (const [where, pod] of podsOf(objects).filter(([where]) => !where.startsWith('Job'))) {
    for (const container of pod.containers) {
      const fromConfigMap = container.envFrom?.find((source) => source.configMapRef)?.configMapRef?.name;
      const nodeEnv = container.env?.find((variable) => variable.name === 'NODE_ENV')?.value ?? (fromConfigMap && named<IConfigMap>(objects, 'ConfigMap', fromConfigMap)?.data?.NODE_ENV);
      expect([where, container.name, nodeEnv]).toEqual([where, container.name, 'production']);
    }
  }
});

describe('every Deployment', () => {
  const hpas = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
  const pdbs = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');

  it('runs at least 2 replicas (the gateway 3), and a PodDisruptionBudget keeps one of them serving through a drain', () => {
    expect(deployments.length).toBe(7);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const hpa = hpas.find(({ spec }) => spec?.scaleTargetRef.kind === 'Deployment' && spec.scaleTargetRef.name === name);
      const minReplicas = hpa?.spec?.minReplicas ?? deployment.spec?.replicas ?? 1;
      expect([name, minReplicas >= (name === 'gateway' ? 3 : 2)]).toEqual([name, true]);
      const labels = deployment.spec!.template.metadata!.labels!;
      const budget = pdbs.filter((pdb) => Object.entries(pdb.spec?.selector?.matchLabels ?? { none: '' }).every(([key, value]) => labels[key] === value));
      expect([name, budget.length]).toEqual([name, 1]);
      const { maxUnavailable, minAvailable } = budget[0]!.spec!;
      // A count (the base's), so that it reads the same at any number of replicas.
      const available = typeof maxUnavailable === 'number' ? minReplicas - maxUnavailable : typeof minAvailable === 'number' ? minAvailable : Number.NaN;
      expect([name, available >= 1, available < minReplicas]).toEqual([name, true, true]);
    }
  });

  it("has the base's requests and limits, on every container (the sizing of docs/operations.md §6)", () => {
    const baseContainers = new Map(podsOf(base).flatMap(([where, pod]) => containersOf(pod).map((container) => [`${where.replace(/^Job .*/, 'Job crm-migrate')} ${container.name}`, container.resources])));
    const containers = podsOf(objects).flatMap(([where, pod]) => containersOf(pod).map((container) => [`${where} ${container.name}`, container.resources] as const));
    expect(containers.length).toBe(baseContainers.size);
    for (const [where, resources] of containers) {
      expect([where, resources?.requests?.cpu !== undefined, resources?.requests?.memory !== undefined, resources?.limits?.memory !== undefined]).toEqual([where, true, true, true]);
      expect([where, resources]).toEqual([where, baseContainers.get(where)]);
    }
  });
});

describe('its secrets', () => {
  const externalSecrets = ofKind<ExternalSecret>(objects, 'ExternalSecret');

  it('are no Secret of the overlay: no Secret rendered, none generated, no password or private key in a ConfigMap', () => {
    expect(ofKind(objects, 'Secret')).toEqual([]);
    const kustomization = parse(readFileSync(path.join(ROOT, PRODUCTION, 'kustomization.yaml'), 'utf8')) as Record<string, unknown>;
    expect(kustomization.secretGenerator).toBeUndefined();
    for (const configMap of ofKind<IConfigMap>(objects, 'ConfigMap')) {
      for (const [key, value] of Object.entries(configMap.data ?? {})) {
        const where = `${configMap.metadata?.name} ${key}`;
        // A URL carrying a password, a PEM block, or a private signing key (<kid>:<base64 PKCS#8>).
        expect([where, /:\/\/[^/@\s]*:[^/@\s]+@/.test(value), /-----BEGIN/.test(value), /^[\w.-]+:MC4CAQAwBQYDK2Vw/.test(value)]).toEqual([where, false, false, false]);
      }
    }
  });

  it("come from the platform's store: an ExternalSecret makes crm-secrets with every key a container reads", () => {
    expect(externalSecrets.map((secret) => [secret.metadata.name, secret.spec.target.name, secret.spec.secretStoreRef])).toEqual([
      ['crm-secrets', 'crm-secrets', { kind: 'ClusterSecretStore', name: ENVIRONMENT.SECRET_STORE }],
    ]);
    const referenced = new Set(
      podsOf(objects).flatMap(([, pod]) =>
        containersOf(pod).flatMap((container) =>
          (container.env ?? []).flatMap((variable) => {
            const ref = variable.valueFrom?.secretKeyRef;
            if (!ref) return [];
            expect([container.name, ref.name]).toEqual([container.name, 'crm-secrets']);
            return [ref.key];
          }),
        ),
      ),
    );
    const made = externalSecrets[0]!.spec.data.map(({ secretKey }) => secretKey);
    expect(made.sort()).toEqual([...referenced].sort());
    expect(new Set(externalSecrets[0]!.spec.data.map(({ remoteRef }) => `${remoteRef.key} ${remoteRef.property === undefined}`))).toEqual(new Set([`${ENVIRONMENT.SECRET_STORE_KEY} false`]));
  });
});

describe('its image', () => {
  it('is pinned by digest, tagged with the release the objects are labelled with', () => {
    const releases = new Set(objects.map(versionOf));
    expect(releases.size).toBe(1);
    const [release] = releases;
    for (const [where, pod] of podsOf(objects)) {
      for (const container of containersOf(pod)) {
        const { tag, digest } = imageReference(container.image ?? '');
        expect([where, container.name, tag, /^sha256:[0-9a-f]{64}$/.test(digest ?? '')]).toEqual([where, container.name, release, true]);
      }
    }
  });
});

describe('the migration Job', () => {
  /** The overlay rendered with its release set to `release` (as the release pipeline sets it), in a copy of k8s/. */
  function renderRelease(release: string): K8sObject[] {
    const copy = mkdtempSync(path.join(tmpdir(), 'crm-k8s-'));
    try {
      cpSync(path.join(ROOT, 'k8s'), path.join(copy, 'k8s'), { recursive: true });
      const file = path.join(copy, PRODUCTION, 'kustomization.yaml');
      const current = versionOf(ofKind<IJob>(objects, 'Job')[0]!)!;
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll(`"${current}"`, `"${release}"`));
      return render(path.join(copy, PRODUCTION));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }

  it('is named after the release, crm-migrate-<release>, and deleted a day after it finished', () => {
    const jobs = ofKind<IJob>(objects, 'Job');
    expect(jobs.map((job) => [job.metadata.name, job.spec?.ttlSecondsAfterFinished])).toEqual([[`crm-migrate-${versionOf(jobs[0]!)}`, 86_400]]);
    expect(imageReference(jobs[0]!.spec!.template.spec!.containers[0]!.image!).tag).toBe(versionOf(jobs[0]!));
  });

  it("is another Job for another release, so that applying it never meets the last one's", () => {
    const next = renderRelease('0.2.0');
    const jobs = ofKind<IJob>(next, 'Job');
    expect(jobs.map((job) => job.metadata.name)).toEqual(['crm-migrate-0.2.0']);
    expect(imageReference(jobs[0]!.spec!.template.spec!.containers[0]!.image!).tag).toBe('0.2.0');
    // The other objects keep their names: only the Job is per release.
    const names = (all: K8sObject[]) => all.filter((object) => object.kind !== 'Job').map((object) => `${object.kind} ${object.metadata.name}`).sort();
    expect(names(next)).toEqual(names(objects));
  });
});
