import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiResponses } from './openapi-responses';

/**
 * The embedded pass runs the conformance suites, not every file again; this checks that they still reach
 * every operation the OpenAPI document has (each one answered at least once, whatever its status), so a
 * route that only works on the servers cannot hide. Runs after the pass (jest's globalTeardown) when
 * `CRM_OPERATIONS_LOG` names the folder `api-client.ts` wrote the operations to.
 */
export default async function checkRouteCoverage(): Promise<void> {
  const folder = process.env.CRM_OPERATIONS_LOG;
  if (!folder) return;
  const reached = new Set(
    readdirSync(folder)
      .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n'))
      .filter(Boolean),
  );
  const missing = openApiResponses()
    .operations()
    .filter((operation) => !reached.has(operation));
  if (missing.length > 0) {
    throw new Error(`The embedded pass reached ${reached.size} operations; these ${missing.length} were never sent:\n${missing.join('\n')}`);
  }
  process.stdout.write(`route coverage: the embedded pass reached all ${reached.size} documented operations\n`);
}
