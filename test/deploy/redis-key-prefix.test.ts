import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * Each environment's gateway writes its Redis keys under a prefix of its own (docs/configuration.md,
 * REDIS_KEY_PREFIX): environments sharing one Redis never count each other's requests or read each other's keys.
 */
const ROOT = path.resolve(__dirname, '../..');

function gatewayKeyPrefix(dir: string): string | undefined {
  const output = execFileSync('/usr/bin/kubectl', ['kustomize', path.join(ROOT, dir)], { encoding: 'utf8', timeout: 60_000 });
  const configMaps = parseAllDocuments(output)
    .map((document) => document.toJS() as { kind: string; metadata: { name: string }; data?: Record<string, string> })
    .filter((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('gateway-config'));
  expect(configMaps).toHaveLength(1);
  return configMaps[0]!.data?.REDIS_KEY_PREFIX;
}

it('gives the gateway of each overlay a Redis key prefix of its own (the base keeps the default)', () => {
  const prefixes = { base: gatewayKeyPrefix('k8s/base'), dev: gatewayKeyPrefix('k8s/overlays/dev'), production: gatewayKeyPrefix('k8s/overlays/production') };
  expect(prefixes).toEqual({ base: 'crm:gateway:', dev: 'crm:dev:', production: 'crm:prod:' });
});
