import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gatewayConfigShape } from '@crm/gateway';
import { commonConfig } from '@crm/platform';
import { SERVICES } from '@crm/system';

/**
 * The configuration reference, docs/configuration.md (the README's "Configuration" section until issue
 * 33.5), names every setting the code reads (a setting missing there is one nobody can find): those of
 * every service, the shared ones, and the gateway's.
 */
const reference = readFileSync(path.resolve(__dirname, '../../docs/configuration.md'), 'utf8');
const settings = new Set([
  ...Object.keys(commonConfig),
  ...SERVICES.flatMap(({ definition }) => Object.keys({ ...definition.config, ...(definition.extension?.settings ?? {}) })),
  ...Object.keys(gatewayConfigShape),
  'PORT',
]);

it.each([...settings].sort())('documents %s in the configuration reference', (setting) => {
  // A row names settings in backticks; `<SERVICE>_SERVICE_URL` covers the gateway's service URLs.
  const named = reference.includes(`\`${setting}\``) || (/^[A-Z_]+_SERVICE_URL$/.test(setting) && reference.includes('`<SERVICE>_SERVICE_URL`'));
  expect(named).toBe(true);
});
