/**
 * CSV as an export writes it (api-contract §5): RFC 4180 quoting, CRLF line ends, and every cell a spreadsheet
 * would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a CR) prefixed with `'`.
 */
export const CSV_BOM = '\uFEFF';

/** `=`, `+`, `-`, `@`, tab, CR: what a spreadsheet reads as the start of a formula. */
const FORMULA_STARTS = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string): string {
  if (value === '') return value;
  const safe = FORMULA_STARTS.has(value.charCodeAt(0)) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
