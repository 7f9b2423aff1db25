import type { RouteEntry } from './route-table';

/** `/api/leads/**` matches `/api/leads/` and every path below it; any other pattern only itself. */
function pathMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith('/**')) return path.startsWith(pattern.slice(0, -'**'.length));
  return path === pattern;
}

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

/** The first entry of `table` answering `method` on `path` (the raw path, without the query). */
export function matchRoute(table: readonly RouteEntry[], method: string, path: string): RouteEntry | undefined {
  if (isAmbiguousPath(path)) return undefined;
  const upper = method.toUpperCase();
  return table.find(
    (entry) => (entry.methods === '*' || entry.methods.includes(upper)) && pathMatches(entry.path, path),
  );
}
