import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { CronJob, type ICronJob } from 'kubernetes-models/batch/v1';
import { NetworkPolicy, type INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PersistentVolumeClaim, type IPersistentVolumeClaim, type ISecret } from 'kubernetes-models/v1';
import { backupKeysFrom, parseBackupKeys } from '../../system/src/backup/encryption';
import { evaluate } from '../support/instant-promql';
import type { Sample } from '../support/prometheus-text';
import { type K8sObject, ofKind, read, render } from './k8s-render';

/**
 * The scheduled backup (k8s/base/backup/, docs/backup-restore.md), rendered offline: an hourly CronJob that
 * never runs twice at once, running the image's `npm run backup` locked down like every workload, its
 * database URL and key from crm-secrets (never a file, never the command line), onto its own volume, reaching
 * PostgreSQL and DNS only; and the alert CrmBackupTooOld, which fires once two runs in a row did not succeed.
 */
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>) => Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);

/** A five-field cron schedule that runs once an hour (`M * * * *`): its interval in seconds, else undefined. */
function hourlyInterval(schedule: string): number | undefined {
  return /^([0-5]?\d) \* \* \* \*$/.test(schedule) ? 3600 : undefined;
}

const renders: Array<[string, K8sObject[]]> = [
  ['k8s/base', render('k8s/base')],
  ['k8s/overlays/dev', render('k8s/overlays/dev')],
];

describe.each(renders)('%s', (dir, objects) => {
  const [cronJob, ...otherCronJobs] = ofKind<ICronJob>(objects, 'CronJob');
  const job = cronJob!.spec!.jobTemplate.spec!;
  const pod = job.template.spec!;
  const podLabels = job.template.metadata?.labels ?? {};
  const [container, ...otherContainers] = pod.containers;

  it('renders one CronJob crm-backup, its volume claim and its NetworkPolicy, valid against the Kubernetes schema, labelled part-of', () => {
    expect([cronJob!.metadata.name, otherCronJobs]).toEqual(['crm-backup', []]);
    const mine = objects.filter((object) => object.metadata.labels?.['app.kubernetes.io/name'] === 'crm-backup');
    expect(mine.map((object) => `${object.kind}/${object.metadata.name}`).sort()).toEqual(['CronJob/crm-backup', 'NetworkPolicy/crm-backup', 'PersistentVolumeClaim/crm-backups']);
    const models: Record<string, new (data: never) => { validate(): void }> = { CronJob, NetworkPolicy, PersistentVolumeClaim };
    for (const object of mine) {
      expect(() => new models[object.kind]!(object as never).validate()).not.toThrow();
      expect([object.kind, object.metadata.labels?.['app.kubernetes.io/part-of']]).toEqual([object.kind, 'crm-platform']);
    }
    expect(podLabels['app.kubernetes.io/part-of']).toBe('crm-platform');
  });

  it('runs hourly (the RPO of docs/backup-restore.md §2), in UTC, never two at once, a run ending before the next is due', () => {
    const spec = cronJob!.spec!;
    expect(hourlyInterval(spec.schedule)).toBe(3600);
    expect(spec.timeZone).toBe('Etc/UTC');
    expect(spec.concurrencyPolicy).toBe('Forbid');
    expect(spec.startingDeadlineSeconds).toBeGreaterThan(0);
    expect(spec.startingDeadlineSeconds).toBeLessThan(3600);
    expect(job.activeDeadlineSeconds).toBeGreaterThan(0);
    expect(job.activeDeadlineSeconds).toBeLessThan(3600);
    expect(job.backoffLimit).toBeLessThanOrEqual(3);
    expect(job.ttlSecondsAfterFinished).toBe(86_400);
    expect(pod.restartPolicy).toBe('Never');
  });

  it("runs the image's npm run backup into a directory of its own on the volume crm-backups, keeping a bounded number", () => {
    expect(otherContainers).toEqual([]);
    expect(pod.initContainers ?? []).toEqual([]);
    expect(container!.image).toMatch(/^crm-platform(:|@|$)/);
    const command = [...(container!.command ?? []), ...(container!.args ?? [])];
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(command.slice(0, 2)).toEqual(scripts.backup!.split(' '));
    // Only options the tool has (its parseArgs), each with a value where it takes one.
    const source = read('system/src/backup/backup.ts');
    const options = Object.fromEntries(command.slice(2).flatMap((word, index, words) => (word.startsWith('--') ? [[word.slice(2), words[index + 1]]] : [])));
    for (const option of Object.keys(options)) expect([option, source.includes(`'${option}': { type:`) || source.includes(`${option}: { type:`)]).toEqual([option, true]);
    expect(Number(options['keep-last'])).toBeGreaterThanOrEqual(24);
    const volume = pod.volumes?.find((each) => each.persistentVolumeClaim?.claimName === 'crm-backups');
    const mount = container!.volumeMounts?.find((each) => each.name === volume?.name);
    expect(mount).toBeDefined();
    // A directory below the mount, which the tool makes 0700: the volume's root is not its user's to close.
    expect(path.posix.dirname(options.out!)).toBe(mount!.mountPath);
    const claim = ofKind<IPersistentVolumeClaim>(objects, 'PersistentVolumeClaim').find((each) => each.metadata.name === 'crm-backups');
    expect(claim?.spec?.accessModes).toEqual(['ReadWriteOnce']);
    expect(claim?.spec?.resources?.requests?.storage).toMatch(/^\d+Gi$/);
  });

  it('runs locked down like every workload: non-root, read-only root, nothing to escalate, no token, resources bounded', () => {
    const security = pod.securityContext!;
    expect([security.runAsNonRoot, security.runAsUser, security.runAsGroup, security.seccompProfile?.type]).toEqual([true, 1000, 1000, 'RuntimeDefault']);
    // The volume's group is the pod's, so its user may write there; once, not over every file at every run.
    expect([security.fsGroup, security.fsGroupChangePolicy]).toEqual([1000, 'OnRootMismatch']);
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(container!.securityContext).toEqual({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    const tmp = pod.volumes?.find((volume) => volume.emptyDir);
    expect(container!.volumeMounts?.find((mount) => mount.mountPath === '/tmp')?.name).toBe(tmp?.name);
    expect(container!.resources?.requests?.cpu).toBeDefined();
    expect(container!.resources?.requests?.memory).toBeDefined();
    expect(container!.resources?.limits?.memory).toBeDefined();
  });

  it('writes nothing readable by others: no volume of files with modes of its own, the backups only through the tool (0600 in 0700)', () => {
    // Secrets come as variables, never as files (a secret volume's defaultMode is 0644).
    expect(pod.volumes?.filter((volume) => volume.secret || volume.configMap || volume.projected) ?? []).toEqual([]);
    expect(pod.volumes?.map((volume) => Object.keys(volume).filter((field) => field !== 'name')[0]).sort()).toEqual(['emptyDir', 'persistentVolumeClaim']);
  });

  it('takes the database URL and the encryption key from crm-secrets, as variables, never on its command line', () => {
    const env = Object.fromEntries((container!.env ?? []).map((variable) => [variable.name, variable]));
    expect(Object.keys(env).sort()).toEqual(['BACKUP_ENCRYPTION_KEY', 'DATABASE_URL', 'NODE_ENV']);
    expect(container!.envFrom ?? []).toEqual([]);
    for (const [name, key] of [
      ['DATABASE_URL', 'BACKUP_DATABASE_URL'],
      ['BACKUP_ENCRYPTION_KEY', 'BACKUP_ENCRYPTION_KEY'],
    ]) {
      expect([name, env[name]!.value, env[name]!.valueFrom?.secretKeyRef?.name, env[name]!.valueFrom?.secretKeyRef?.key]).toEqual([name, undefined, expect.stringMatching(/^crm-secrets(-[a-z0-9]+)?$/), key]);
    }
    expect(env.NODE_ENV!.value).toBe(dir === 'k8s/base' ? 'production' : 'development');
    const command = [...(container!.command ?? []), ...(container!.args ?? [])].join(' ');
    expect(command).not.toMatch(/database-url|postgres:\/\/|\$\(/);
  });

  it('reaches PostgreSQL and DNS only, and accepts nothing', () => {
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    const selecting = (type: 'Ingress' | 'Egress') =>
      policies.filter((policy) => (policy.spec?.policyTypes ?? ['Ingress']).includes(type) && matches(policy.spec?.podSelector.matchLabels, podLabels));
    const egress = selecting('Egress').flatMap((policy) => policy.spec?.egress ?? []);
    const describe = (rule: (typeof egress)[number]) =>
      `${(rule.to ?? []).map((peer) => JSON.stringify(peer.podSelector?.matchLabels ?? peer.ipBlock ?? {})).join('|') || 'anywhere'} ${(rule.ports ?? []).map((port) => `${port.port}/${port.protocol ?? 'TCP'}`).join(',')}`;
    // The dev overlay's tracing component lets every pod of the platform send spans to the collector.
    const tracing = dir === 'k8s/overlays/dev' ? ['{"app.kubernetes.io/name":"opentelemetry-collector"} 4318/TCP'] : [];
    expect(egress.map(describe).sort()).toEqual(['anywhere 5432/TCP', '{"k8s-app":"kube-dns"} 53/UDP,53/TCP', ...tracing].sort());
    // Ingress: denied by default; the scraper's policy opens ports named http and metrics, which this pod has none of.
    const ports = new Set(pod.containers.flatMap((each) => each.ports ?? []).map((port) => port.name));
    const opened = selecting('Ingress').flatMap((policy) => policy.spec?.ingress ?? []).flatMap((rule) => rule.ports ?? [{ port: 'any' }]);
    expect(opened.filter((port) => typeof port.port !== 'string' || ports.has(port.port) || port.port === 'any')).toEqual([]);
    expect(ports.size).toBe(0);
  });

  if (dir === 'k8s/overlays/dev') {
    it('generates the backup keys of crm-secrets: the role crm_backup, and a key production refuses', () => {
      const secret = ofKind<ISecret>(objects, 'Secret').find((each) => each.metadata.name.startsWith('crm-secrets'))!;
      const value = (key: string) => Buffer.from(secret.data![key]!.replace(/\s/g, ''), 'base64').toString('utf8');
      expect(new URL(value('BACKUP_DATABASE_URL')).username).toBe('crm_backup');
      const key = value('BACKUP_ENCRYPTION_KEY');
      expect(parseBackupKeys(key)[0]!.id).toMatch(/not-for-production/);
      expect(backupKeysFrom({ NODE_ENV: 'development', BACKUP_ENCRYPTION_KEY: key })).toHaveLength(1);
      expect(() => backupKeysFrom({ NODE_ENV: 'production', BACKUP_ENCRYPTION_KEY: key })).toThrow(/not a development value published with the code/);
    });
  }
});

describe('the alert CrmBackupTooOld', () => {
  const rules = render('k8s/observability')
    .filter((object) => object.kind === 'PrometheusRule')
    .flatMap((object) => (object as unknown as { spec: { groups: Array<{ rules: Array<{ alert?: string; expr: string; for?: string; labels?: Record<string, string> }> }> } }).spec.groups)
    .flatMap((group) => group.rules);
  const rule = rules.find((each) => each.alert === 'CrmBackupTooOld')!;
  const [cronJob] = ofKind<ICronJob>(renders[0]![1], 'CronJob');
  const interval = hourlyInterval(cronJob!.spec!.schedule)!;
  const now = 1_800_000_000;
  /** What kube-state-metrics reports of the CronJob: its creation and, once it succeeded, its last success. */
  const scrape = (created: number, lastSuccess?: number): Sample[] => {
    const labels = { namespace: 'crm', cronjob: cronJob!.metadata.name, job: 'kube-state-metrics' };
    return [
      { name: 'kube_cronjob_created', labels, value: created },
      ...(lastSuccess === undefined ? [] : [{ name: 'kube_cronjob_status_last_successful_time', labels, value: lastSuccess }]),
    ];
  };
  /** The rule at `now`: time() is its one function the evaluator lacks, so it is given its value. */
  const fires = (samples: Sample[]) => evaluate(rule.expr.replace(/\btime\(\)/g, String(now)), { now: samples });

  it('is there, with a for and a severity, and parses as PromQL', () => {
    expect(rule).toBeDefined();
    expect(rule.for).toMatch(/^\d+m$/);
    expect(rule.labels?.severity).toBe('warning');
    const top = parser.parse(rule.expr).topNode;
    const errors: string[] = [];
    top.cursor().iterate((node) => {
      if (node.type.isError) errors.push(rule.expr.slice(node.from, node.to + 10));
    });
    expect(errors).toEqual([]);
    expect(rule.expr).toContain(`cronjob="${cronJob!.metadata.name}"`);
  });

  it('fires once two scheduled runs in a row did not succeed, and not before', () => {
    expect(fires(scrape(now - 30 * 86_400, now - 0.5 * interval))).toEqual([]);
    expect(fires(scrape(now - 30 * 86_400, now - 1.9 * interval))).toEqual([]);
    const firing = fires(scrape(now - 30 * 86_400, now - 2.5 * interval));
    expect(firing).toEqual([{ labels: { namespace: 'crm', cronjob: 'crm-backup' }, value: 2.5 * interval }]);
  });

  it('fires for a CronJob that never succeeded, counted from its creation', () => {
    expect(fires(scrape(now - 0.5 * interval))).toEqual([]);
    expect(fires(scrape(now - 3 * interval))).toEqual([{ labels: { namespace: 'crm', cronjob: 'crm-backup' }, value: 3 * interval }]);
  });

  it('has its runbook in docs/operations.md', () => {
    expect(read('docs/operations.md')).toMatch(/^### CrmBackupTooOld$/m);
  });
});
