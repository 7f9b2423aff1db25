/**
 * CSV as an export writes it (api-contract §5): RFC 4180 quoting, CRLF line ends, and every cell a spreadsheet
 * could run as a formula neutralised as OWASP advises: `'` before it, and the cell quoted (security §10.7).
 */
export const CSV_BOM = '\uFEFF';

/** What a spreadsheet reads as the start of a formula (OWASP): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A formula after a separator a spreadsheet may split a cell on: `,`, `;`, tab, a line end (a file opened
 * with another delimiter than ours is split there whatever our quotes say: `a;=1+1` is two cells in a
 * spreadsheet that splits on `;`), with spaces or quotes between.
 */
const FORMULA_AFTER_SEPARATOR = /[,;\t\r\n][\s"]*[=+\-@]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * Whether an export writes `'` before this value: it is formula-like once the `'` it starts with, if any,
 * are taken off. So an import drops exactly the `'` an export added (`restoredCell`), even before a value
 * that starts with `'` itself.
 */
function needsNeutralising(value: string): boolean {
  const unquoted = value.replace(/^'+/, '');
  return FORMULA_START.test(unquoted) || FORMULA_AFTER_SEPARATOR.test(unquoted);
}

const quoted = (value: string): string => `"${value.replaceAll('"', '""')}"`;

export function csvCell(value: string): string {
  if (value === '') return value;
  if (needsNeutralising(value)) return quoted(`'${value}`);
  return NEEDS_QUOTES.test(value) ? quoted(value) : value;
}

/** A cell of a file an export wrote, as the value it was written from: without the `'` the export added. */
export const restoredCell = (cell: string): string => (cell.startsWith("'") && needsNeutralising(cell.slice(1)) ? cell.slice(1) : cell);

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
