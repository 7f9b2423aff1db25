import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The software bill of materials (scripts/sbom.mjs, `npm run sbom`; docs/operations.md §17): run here, it
 * writes a CycloneDX document of exactly the packages a production install of the lockfile holds, each at
 * the lockfile's version, no dev tool among them; the platform's own packages under their names, with the
 * licence LICENSE states.
 */
const ROOT = path.resolve(__dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

interface Component {
  'bom-ref': string;
  type: string;
  name: string;
  version: string;
  purl?: string;
  scope?: string;
  licenses?: Array<{ license: { id?: string; name?: string } }>;
}
interface CycloneDx {
  bomFormat: string;
  specVersion: string;
  serialNumber: string;
  metadata: { component: Component };
  components: Component[];
  dependencies: Array<{ ref: string; dependsOn: string[] }>;
}
interface LockEntry {
  name?: string;
  version?: string;
  dev?: boolean;
  link?: boolean;
  license?: string;
}

const rootPackage = readJson('package.json') as { name: string; version: string; license: string };
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
const lockVersion = (name: string) => lock.packages[`node_modules/${name}`]?.version;
/** What `npm ci --omit=dev` installs, by `name@version`: every lockfile entry but the root, links and dev-only ones. */
const productionRefs = Object.entries(lock.packages)
  .filter(([location, entry]) => location !== '' && !entry.link && !entry.dev)
  .map(([location, entry]) => `${entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`);

let sbom: CycloneDx;
let printed: string;
const dir = mkdtempSync(path.join(tmpdir(), 'crm-sbom-'));

beforeAll(() => {
  const output = path.join(dir, 'crm-platform.cdx.json');
  printed = execFileSync(process.execPath, [path.join(ROOT, 'scripts/sbom.mjs'), output], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  sbom = JSON.parse(readFileSync(output, 'utf8')) as CycloneDx;
}, 130_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('is a CycloneDX document of the platform at its version, under the licence of LICENSE', () => {
  expect([sbom.bomFormat, sbom.specVersion]).toEqual(['CycloneDX', expect.stringMatching(/^1\.[5-9]$/)]);
  expect(sbom.serialNumber).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
  expect(sbom.metadata.component).toMatchObject({
    name: rootPackage.name,
    version: rootPackage.version,
    purl: `pkg:npm/${rootPackage.name}@${rootPackage.version}`,
    licenses: [{ license: { id: rootPackage.license } }],
  });
  expect(printed).toContain(`CycloneDX ${sbom.specVersion}, ${rootPackage.name}@${rootPackage.version}, ${sbom.components.length} packages`);
});

it.each(['express', 'pg', 'ioredis', 'typeorm', 'zod', 'prom-client', 'amqplib', 'pino'])('lists %s at the version of the lockfile, as a required package', (name) => {
  const version = lockVersion(name);
  expect(version).toBeDefined();
  expect(sbom.components.filter((component) => component.name === name)).toEqual([
    expect.objectContaining({ version, purl: `pkg:npm/${name}@${version}`, scope: 'required', licenses: expect.any(Array) }),
  ]);
});

it('keeps a production package a dev tool also needs (npm sbom --omit dev drops it: npm/cli#7909)', () => {
  // express is also Pact's dependency, pg also a devDependency of the root.
  expect(lock.packages['node_modules/@pact-foundation/pact']?.dev).toBe(true);
  expect(sbom.components.map((component) => component.name)).toEqual(expect.arrayContaining(['express', 'pg']));
});

it.each(['jest', 'typescript', '@swc/core', 'supertest', 'knip', '@pact-foundation/pact'])('leaves out %s, a dev-only package', (name) => {
  expect(lock.packages[`node_modules/${name}`]?.dev).toBe(true);
  expect(sbom.components.filter((component) => component.name === name)).toEqual([]);
});

it('lists exactly what a production install of the lockfile holds, each once', () => {
  const refs = sbom.components.map((component) => component['bom-ref']);
  expect(new Set(refs).size).toBe(refs.length);
  expect([...refs].sort()).toEqual([...new Set(productionRefs)].sort());
  for (const component of sbom.components) {
    expect([component['bom-ref'], component.purl]).toEqual([component['bom-ref'], expect.stringMatching(/^pkg:npm\/.+@.+/)]);
    expect(component['bom-ref']).toBe(`${component.name}@${component.version}`);
  }
});

it("names the platform's own packages by their names (npm's output names them by folder), with the root's licence", () => {
  const own = sbom.components.filter((component) => component.name.startsWith('@crm/'));
  expect(own.map((component) => component.name)).toEqual(expect.arrayContaining(['@crm/platform', '@crm/gateway', '@crm/client', '@crm/system']));
  for (const component of own) expect([component.name, component.licenses]).toEqual([component.name, [{ license: { id: rootPackage.license } }]]);
  // The client's folder is clients/typescript: no component may pass for the compiler.
  expect(sbom.components.filter((component) => component.name === 'typescript')).toEqual([]);
});

it('has a dependency graph over the listed components only', () => {
  const listed = new Set([sbom.metadata.component['bom-ref'], ...sbom.components.map((component) => component['bom-ref'])]);
  expect(sbom.dependencies.filter((dependency) => !listed.has(dependency.ref) || dependency.dependsOn.some((ref) => !listed.has(ref)))).toEqual([]);
  const express = sbom.dependencies.find((dependency) => dependency.ref === `express@${lockVersion('express')}`);
  expect(express?.dependsOn).toEqual(expect.arrayContaining([`body-parser@${lockVersion('body-parser')}`]));
});

it('writes by default into dist/sbom/, which git ignores', () => {
  expect(readFileSync(path.join(ROOT, 'scripts/sbom.mjs'), 'utf8')).toContain("'dist/sbom/crm-platform.cdx.json'");
  expect(execFileSync('git', ['check-ignore', 'dist/sbom/crm-platform.cdx.json'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe('dist/sbom/crm-platform.cdx.json');
});
