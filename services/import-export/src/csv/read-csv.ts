import Papa from 'papaparse';
import { MAX_IMPORT_ROWS, type ImportRowError, type ImportRows } from '@crm/records';

/**
 * An uploaded file as the header and rows of cells the owning service validates (api-contract §5), or why it
 * is not a CSV file we can read: invalid UTF-8, a NUL byte, broken quoting, nothing in it (400, with the
 * row: 0 for the header line, else the 1-based data row), or more than 5,000 data rows (413).
 */
export type CsvReading = { ok: true; file: ImportRows } | { ok: false; tooLarge: boolean; errors: ImportRowError[] };

const BOM = [0xef, 0xbb, 0xbf];
const FILE_FIELD = 'file';

const refused = (row: number, message: string, tooLarge = false): CsvReading => ({
  ok: false,
  tooLarge,
  errors: [{ row, field: FILE_FIELD, message }],
});

function withoutBom(content: Buffer): Buffer {
  return BOM.every((byte, index) => content[index] === byte) ? content.subarray(BOM.length) : content;
}

/**
 * The first line (0-based: the header is 0, so a line's number is its data row's unless a quoted cell
 * spans lines) that is not valid UTF-8, decoding line by line.
 */
function firstInvalidLine(content: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 0;
  let start = 0;
  for (let index = 0; index <= content.length; index += 1) {
    if (index === content.length || content[index] === 0x0a) {
      try {
        decoder.decode(content.subarray(start, index));
      } catch {
        return line;
      }
      line += 1;
      start = index + 1;
    }
  }
  return line;
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length - 1;

/** An export writes `'` before a cell a spreadsheet would take for a formula; reading one back drops it. */
const NEUTRALISED = /^'[=+\-@\t\r]/;
const restoreCell = (cell: string): string => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

const isEmptyLine = (cells: string[]): boolean => cells.length === 1 && cells[0]!.trim() === '';

export function readCsv(content: Buffer): CsvReading {
  const bytes = withoutBom(content);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refused(firstInvalidLine(bytes), 'The file is not valid UTF-8 text.');
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return refused(lineOf(text, nul), 'The file holds a NUL byte: it is not a CSV text file.');

  // Empty lines are kept (as rows of one empty cell, which the owning service reports), so every row
  // number is the file's; only the empty lines at the end, which editors leave, are dropped.
  const parsed = Papa.parse<string[]>(text, { delimiter: ',' });
  const broken = parsed.errors.find((error) => error.type === 'Quotes' || error.type === 'Delimiter');
  if (broken) return refused(broken.row ?? 0, `Broken quoting: ${broken.message}`);
  const lines = parsed.data;
  while (lines.length > 0 && isEmptyLine(lines[lines.length - 1]!)) lines.pop();
  const [header, ...rows] = lines;
  if (!header || header.every((cell) => cell.trim() === '')) return refused(0, 'The file has no header line.');
  if (rows.length > MAX_IMPORT_ROWS) {
    return refused(MAX_IMPORT_ROWS + 1, `A file may hold at most ${MAX_IMPORT_ROWS} data rows; this one has ${rows.length}.`, true);
  }
  return { ok: true, file: { header, rows: rows.map((cells) => cells.map(restoreCell)) } };
}
