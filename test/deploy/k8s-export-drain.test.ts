import { commonConfig, loadConfig } from '@crm/platform';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IConfigMap } from 'kubernetes-models/v1';
import { named, ofKind, render, type K8sObject } from './k8s-render';

/**
 * A rollout does not cut an export mid-way (issue 36.9, docs/operations.md §9): each workload an export passes
 * through lets a download in flight finish for DOWNLOAD_DRAIN_TIMEOUT_MS after SIGTERM, so its pod's
 * terminationGracePeriodSeconds must cover the preStop pause, that drain and the 10 s the process then takes to
 * close the rest; a shorter one has the kubelet kill the export anyway.
 */
const EXPORT_PATH = ['gateway', 'import-export', 'leads', 'contacts'];
/** After the drain, what closing the rest may take (CLOSE_AFTER_DRAIN_MS, shared/platform/src/lifecycle/shutdown.ts). */
const CLOSE_AFTER_DRAIN_S = 10;

/** Seconds of the container's preStop `sleep N`; 0 without one. */
const preStopSeconds = (deployment: IDeployment): number => {
  const command = deployment.spec?.template.spec?.containers[0]?.lifecycle?.preStop?.exec?.command ?? [];
  return command[0] === 'sleep' ? Number(command[1]) : 0;
};

/** DOWNLOAD_DRAIN_TIMEOUT_MS as the workload's process reads it: its ConfigMaps (envFrom), else the default. */
function downloadDrainSeconds(objects: K8sObject[], deployment: IDeployment): number {
  const env: Record<string, string> = {};
  for (const source of deployment.spec?.template.spec?.containers[0]?.envFrom ?? []) {
    const configMap = source.configMapRef?.name === undefined ? undefined : named<IConfigMap>(objects, 'ConfigMap', source.configMapRef.name);
    Object.assign(env, configMap?.data ?? {});
  }
  for (const variable of deployment.spec?.template.spec?.containers[0]?.env ?? []) if (variable.value !== undefined) env[variable.name] = variable.value;
  return loadConfig({ DOWNLOAD_DRAIN_TIMEOUT_MS: commonConfig.DOWNLOAD_DRAIN_TIMEOUT_MS }, env).DOWNLOAD_DRAIN_TIMEOUT_MS / 1000;
}

describe.each(['k8s/base', 'k8s/overlays/dev', 'k8s/overlays/production'])('%s', (dir) => {
  const objects = render(dir);
  it.each(EXPORT_PATH)('when %s stops during an export, then its grace period covers preStop + DOWNLOAD_DRAIN_TIMEOUT_MS + closing', (name) => {
    const deployment = ofKind<IDeployment>(objects, 'Deployment').find((object) => object.metadata.name === name)!;
    expect(deployment).toBeDefined();
    const needed = preStopSeconds(deployment) + downloadDrainSeconds(objects, deployment) + CLOSE_AFTER_DRAIN_S;
    expect(deployment.spec?.template.spec?.terminationGracePeriodSeconds ?? 30).toBeGreaterThanOrEqual(needed);
  });
});
