/**
 * `Content-Disposition: attachment` for a stored filename (RFC 6266): `filename` carries a plain ASCII
 * stand-in for old clients, `filename*` the exact name as UTF-8 (RFC 8187), which current clients use.
 */
export function attachmentDisposition(filename: string): string {
  // Outside printable ASCII, the quoted-string specials and `%` (some clients percent-decode `filename`).
  const asciiFallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${rfc8187Encode(filename)}`;
}

/** Percent-encodes everything but RFC 8187's attr-chars (encodeURIComponent would leave `'()*` as they are). */
function rfc8187Encode(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
