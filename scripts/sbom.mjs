// The software bill of materials of the platform: CycloneDX JSON from package-lock.json, the packages a
// production install holds (`npm ci --omit=dev`, what the image's node_modules comes from), each with its
// version, purl, licence and hash, and who depends on whom.
//   node scripts/sbom.mjs [output]     (npm run sbom)   default output: dist/sbom/crm-platform.cdx.json
// npm makes the document (`npm sbom`, npm 10 or later, from the lockfile alone); this script then fixes two
// things of npm 11's output:
// - `--omit dev` drops a production package as soon as any dev tool also depends on it (npm/cli#7909: express,
//   used by Pact, and pg, also a root devDependency, would be missing). So every package is listed, then those
//   the lockfile marks `dev` (needed by dev tools only, which `npm ci --omit=dev` leaves out) are removed;
// - npm names the root and the workspaces after their folders (the client's folder is `typescript`, which a
//   scanner would take for the compiler): each gets its package's name, as its bom-ref and purl already say;
// - npm gives no licence where it is not an SPDX expression (or none is in the lockfile): such a component gets
//   the lockfile's (or package.json's) value, if any, as a licence name.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.resolve(ROOT, process.argv[2] ?? 'dist/sbom/crm-platform.cdx.json');

const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** A lockfile entry's package: `node_modules/a/node_modules/@b/c` is @b/c, unless an alias names another. */
const packageName = (location, entry) => entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** bom-refs (`name@version`, npm's) of what a production install holds, every entry not marked dev, with its licence. */
const production = new Map();
for (const [location, entry] of Object.entries(lock.packages)) {
  if (location === '' || entry.link || entry.dev) continue;
  production.set(`${packageName(location, entry)}@${entry.version}`, entry.license);
}

const document = JSON.parse(
  execFileSync('npm', ['sbom', '--sbom-format', 'cyclonedx', '--package-lock-only'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // npm's own output only: no update notice, no funding lines.
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
  }),
);

const rootRef = document.metadata.component['bom-ref'];
const kept = document.components.filter((component) => production.has(component['bom-ref']));
const keptRefs = new Set([rootRef, ...kept.map((component) => component['bom-ref'])]);
const nameOf = (ref) => ref.slice(0, ref.lastIndexOf('@'));
const licenseOf = (ref) => (ref === rootRef ? root.license : production.get(ref));
for (const component of [document.metadata.component, ...kept]) {
  component.name = nameOf(component['bom-ref']);
  const license = licenseOf(component['bom-ref']);
  if (!component.licenses?.length && typeof license === 'string') component.licenses = [{ license: { name: license } }];
}
document.components = kept;
document.dependencies = document.dependencies
  .filter((dependency) => keptRefs.has(dependency.ref))
  .map((dependency) => ({ ...dependency, dependsOn: dependency.dependsOn.filter((ref) => keptRefs.has(ref)) }));

mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
console.log(`${path.relative(ROOT, output)}: CycloneDX ${document.specVersion}, ${root.name}@${root.version}, ${kept.length} packages`);
