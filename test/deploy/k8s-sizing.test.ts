import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commonConfig } from '@crm/platform';
import { parseAllDocuments } from 'yaml';

/**
 * The workloads' memory against what `npm run bench -- sizing` measured (issue 36.3). k8s/sizing.json
 * holds the figures (`node bench/dist/sizing.js --write` writes it); docs/benchmarks.md §14 shows them.
 * Each Deployment of the rendered base must have a memory limit at least the limit the bench recommends
 * (its peak × 1.25), so at least its measured peak, and a memory request at least its resting size; the
 * bounds the figures were measured at must still be the defaults, or the figures no longer hold.
 */
const ROOT = path.resolve(__dirname, '../..');
const KUBECTL = '/usr/bin/kubectl';

interface Sizing {
  measured: string;
  settings: Record<string, string>;
  workloads: Record<string, { restingMiB: number; peakMiB: number; requestMi: number; limitMi: number }>;
}

const sizing = JSON.parse(readFileSync(path.join(ROOT, 'k8s/sizing.json'), 'utf8')) as Sizing;

/** A memory quantity in MiB: `384Mi`, `1Gi`, `512M`, bytes. */
function mebibytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|k|M|G)?$/.exec(quantity);
  if (!match) throw new Error(`a memory quantity: ${quantity}`);
  const factor: Record<string, number> = { '': 1 / 1024 ** 2, Ki: 1 / 1024, Mi: 1, Gi: 1024, k: 1000 / 1024 ** 2, M: 1000 ** 2 / 1024 ** 2, G: 1000 ** 3 / 1024 ** 2 };
  return Number(match[1]) * factor[match[2] ?? '']!;
}

interface Container {
  name: string;
  resources?: { requests?: { memory?: string }; limits?: { memory?: string } };
}

function deployments(): Array<{ name: string; container: Container }> {
  const output = execFileSync(KUBECTL, ['kustomize', path.join(ROOT, 'k8s/base')], { encoding: 'utf8', timeout: 60_000 });
  return parseAllDocuments(output)
    .map((document) => document.toJS() as { kind: string; metadata: { name: string }; spec: { template: { spec: { containers: Container[] } } } })
    .filter(({ kind }) => kind === 'Deployment')
    .map((deployment) => ({ name: deployment.metadata.name, container: deployment.spec.template.spec.containers[0]! }));
}

describe('k8s memory requests and limits against the measured sizing (k8s/sizing.json)', () => {
  const rendered = deployments();

  it('sizes every Deployment, and nothing else', () => {
    expect(rendered.map(({ name }) => name).sort()).toEqual(Object.keys(sizing.workloads).sort());
  });

  it.each(rendered.map(({ name, container }) => [name, container] as const))('%s: memory limit at least peak × 1.25, request at least resting', (name, container) => {
    const measured = sizing.workloads[name]!;
    const limit = mebibytes(container.resources?.limits?.memory ?? '0');
    const request = mebibytes(container.resources?.requests?.memory ?? '0');
    expect({ name, limitAtLeastPeak: limit >= measured.peakMiB, limitAtLeastRecommended: limit >= measured.limitMi }).toEqual({ name, limitAtLeastPeak: true, limitAtLeastRecommended: true });
    expect({ name, requestAtLeastResting: request >= measured.restingMiB, requestWithinLimit: request <= limit }).toEqual({ name, requestAtLeastResting: true, requestWithinLimit: true });
  });

  it('was measured at the bounds that are the defaults (change one: measure again)', () => {
    for (const setting of ['UPLOAD_BYTES_IN_FLIGHT', 'UPLOAD_BYTES_PER_CREDENTIAL', 'IMPORTS_AT_ONCE'] as const) {
      expect({ setting, value: String(commonConfig[setting].parse(undefined)) }).toEqual({ setting, value: sizing.settings[setting] });
    }
  });

  it('docs/benchmarks.md §14 shows the same resting and peak figures, of the same day', () => {
    const docs = readFileSync(path.join(ROOT, 'docs/benchmarks.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## §14 Sizing'));
    expect(section).toContain(sizing.measured);
    for (const [name, { restingMiB, peakMiB }] of Object.entries(sizing.workloads)) {
      expect(section).toContain(`| ${name} | ${restingMiB} | ${peakMiB} `);
    }
  });
});
