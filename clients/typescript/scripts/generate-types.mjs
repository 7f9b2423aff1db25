/**
 * Writes src/generated/openapi.ts: the types of contracts/openapi.json as openapi-typescript makes them.
 * With `--stdout` it prints them instead, so that test/generated.test.ts can tell a stale file.
 */
import { writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const CONTRACT = new URL('../../../contracts/openapi.json', import.meta.url);
const TARGET = new URL('../src/generated/openapi.ts', import.meta.url);
const HEADER = `/**
 * The public API's types, generated from contracts/openapi.json by \`npm run client:generate\`: do not edit.
 */

`;

const types = HEADER + astToString(await openapiTS(CONTRACT));
if (process.argv.includes('--stdout')) process.stdout.write(types);
else writeFileSync(TARGET, types);
