import { pathSegments, spellsSegments } from '@crm/platform';
import type { RouteEntry } from './route-table';

/**
 * A path the gateway refuses to route: dot segments (`/api/leads/../audit-logs/`), encoded slashes or
 * backslashes, and malformed percent-escapes. An upstream that normalised such a path could serve a
 * route other than the one whose scope the gateway checked.
 */
export function isAmbiguousPath(path: string): boolean {
  if (/%2f|%5c|\\/i.test(path)) return true;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (decoded === '.' || decoded === '..') return true;
  }
  return false;
}

/**
 * The first entry of `table` answering `method` on `path` (the raw path, without the query), spelled as
 * the services match it: a path that only resembles an entry's (another case, no trailing slash) is none.
 */
export function matchRoute(table: readonly RouteEntry[], method: string, path: string): RouteEntry | undefined {
  if (isAmbiguousPath(path)) return undefined;
  const upper = method.toUpperCase();
  const segments = pathSegments(path);
  return table.find((entry) => entry.methods.includes(upper) && spellsSegments(templateSegments(entry), segments));
}

/**
 * The methods of the route `path` names, for `Allow` and a CORS preflight: those of every entry of the first
 * template spelling it (`/api/leads/export/` is the export, not a lead). None: no route has this path.
 */
export function methodsOfPath(table: readonly RouteEntry[], path: string): string[] {
  if (isAmbiguousPath(path)) return [];
  const segments = pathSegments(path);
  const first = table.find((entry) => spellsSegments(templateSegments(entry), segments));
  return first ? table.filter((entry) => entry.path === first.path).flatMap((entry) => entry.methods) : [];
}

/** Each entry's template split once (the table is fixed; its entries live as long as the gateway). */
const splitTemplates = new WeakMap<RouteEntry, string[]>();
function templateSegments(entry: RouteEntry): string[] {
  let segments = splitTemplates.get(entry);
  if (!segments) splitTemplates.set(entry, (segments = pathSegments(entry.path)));
  return segments;
}

/**
 * The value of `path`'s segment (`path` spells `entry`'s template) standing for its `:name` parameter, decoded
 * as the service decodes it: `%4B` and `K` are one key, and must be one counter. (An ambiguous path,
 * malformed escapes included, was refused before.)
 */
export function pathParam(entry: RouteEntry, path: string, name: string): string {
  const index = templateSegments(entry).indexOf(`:${name}`);
  return decodeURIComponent(pathSegments(path)[index] ?? '');
}
