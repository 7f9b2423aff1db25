/**
 * CSV as an export writes it (DESIGN §8): RFC 4180 quoting, CRLF line ends, and every cell a spreadsheet
 * would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a CR) prefixed with `'`.
 */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
