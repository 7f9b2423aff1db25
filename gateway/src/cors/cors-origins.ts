/**
 * `CORS_ORIGINS`: the origins whose pages may call the API, comma-separated (`https://app.example.com`:
 * scheme, host and port, nothing else); empty: none. Each is kept as a browser sends its `Origin` (lower
 * case, no default port), so that the two compare as strings. Throws an Error naming an entry that is not one.
 */
export function parseCorsOrigins(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(asOrigin);
}

function asOrigin(entry: string): string {
  const url = URL.canParse(entry) ? new URL(entry) : undefined;
  const onlyAnOrigin = url && /^https?:$/.test(url.protocol) && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  if (!onlyAnOrigin) throw new Error(`"${entry}" is not an origin: scheme, host and port only, e.g. https://app.example.com`);
  return url.origin;
}
