import Papa from 'papaparse';
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, restoredCell, type ImportRowError, type ImportRows } from '@crm/records';

/**
 * An uploaded file as the header and rows of cells the owning service validates (api-contract §5), or why it
 * is not a CSV file we can read: invalid UTF-8, a NUL byte, broken quoting, a line of more than 250 cells,
 * a cell of more than 32,768 characters, nothing in it (400, with the row: 0 for the header line, else the
 * 1-based data row), or more than 5,000 data rows (413).
 */
export type CsvReading = { ok: true; file: ImportRows } | { ok: false; tooLarge: boolean; errors: ImportRowError[] };

const BOM = [0xef, 0xbb, 0xbf];
const FILE_FIELD = 'file';

const refused = (row: number, message: string, tooLarge = false): Extract<CsvReading, { ok: false }> => ({
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

const isEmptyLine = (cells: string[]): boolean => cells.length === 1 && cells[0]!.trim() === '';

type Newline = '\r\n' | '\n' | '\r';

/** What the parse may be handed: the file up to its last line that is not empty, and its line end. */
interface CsvExtent {
  ok: true;
  newline: Newline;
  end: number;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const ASCII_SPACES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]);
const SPACE = /\s/;
/** What `String.prototype.trim` drops, as papaparse skips it between a closing quote and what follows. */
const isSpace = (code: number): boolean => (code < 0x80 ? ASCII_SPACES.has(code) : SPACE.test(String.fromCharCode(code)));

/**
 * The line end papaparse guesses for a text (its `guessLineEndings`, with the text's quoted parts taken
 * out of its first MB): LF if there is no CR or an LF comes first, else CRLF if at least half the CRs are
 * followed by an LF, else CR.
 */
function guessNewline(text: string): Newline {
  const unquoted = text.slice(0, 1024 * 1024).replace(/"[^]*?"/g, '');
  const firstCr = unquoted.indexOf('\r');
  const firstLf = unquoted.indexOf('\n');
  if (firstCr < 0 || (firstLf >= 0 && firstLf < firstCr)) return '\n';
  let crs = 0;
  let crLfs = 0;
  for (let at = firstCr; at >= 0; at = unquoted.indexOf('\r', at + 1)) {
    crs += 1;
    if (unquoted.charCodeAt(at + 1) === LF) crLfs += 1;
  }
  // papaparse splits on CR and counts the pieces (one more than the CRs) that start with LF.
  return crLfs >= (crs + 1) / 2 ? '\r\n' : '\r';
}

/**
 * One pass over the text that allocates nothing per cell (security §10.1): refuses a line of more than
 * MAX_IMPORT_COLUMNS cells, a cell longer than MAX_IMPORT_CELL_LENGTH, broken quoting, and more than
 * MAX_IMPORT_ROWS data rows, before papaparse makes a string of every cell (five million of them for a
 * header of commas). It reads as papaparse does, with the line end papaparse would guess: a field opened
 * by a quote ends at a quote followed by spaces and a comma, the line end or the end of the text; `""`
 * inside is a quote; any other quote there breaks the quoting (where papaparse reports it, with the same
 * message). Trailing empty lines (whitespace only) are left out of `end`, so the parse never makes them.
 */
function measure(text: string): CsvExtent | Extract<CsvReading, { ok: false }> {
  const length = text.length;
  const newline = guessNewline(text);
  const newlineFirst = newline.charCodeAt(0);
  let row = 0;
  let cells = 1;
  let cellLength = 0;
  let blank = true;
  let rowsToLastFilled = 0;
  let end = 0;
  let index = 0;
  /** The length of the line end starting at `at`, 0 if none does. */
  const newlineAt = (at: number): number => {
    if (text.charCodeAt(at) !== newlineFirst) return 0;
    return newline.length === 1 || text.charCodeAt(at + 1) === LF ? newline.length : 0;
  };
  const tooLong = () =>
    refused(row, `A cell of ${row === 0 ? 'the header' : `row ${row}`} is longer than ${MAX_IMPORT_CELL_LENGTH.toLocaleString('en')} characters.`);
  /** Ends the row whose line end (if any) ends before `next`. */
  const endRow = (next: number) => {
    if (!blank) {
      rowsToLastFilled = row + 1;
      end = next;
    }
    row += 1;
    cells = 1;
    cellLength = 0;
    blank = true;
  };
  while (index < length) {
    if (text.charCodeAt(index) === QUOTE && cellLength === 0) {
      // A quoted field: up to its closing quote; what may follow that is checked below.
      index += 1;
      for (;;) {
        if (index >= length) return refused(row, 'Broken quoting: Quoted field unterminated');
        const code = text.charCodeAt(index);
        if (code === QUOTE) {
          if (text.charCodeAt(index + 1) === QUOTE) index += 1;
          else break;
        }
        if (blank && !isSpace(code)) blank = false;
        cellLength += 1;
        if (cellLength > MAX_IMPORT_CELL_LENGTH) return tooLong();
        index += 1;
      }
      let after = index + 1;
      if (after === length) break;
      while (after < length && text.charCodeAt(after) !== COMMA && newlineAt(after) === 0 && isSpace(text.charCodeAt(after))) after += 1;
      // Spaces then the end of the text, or anything but a comma or the line end: papaparse's error too.
      if (after === length || (text.charCodeAt(after) !== COMMA && newlineAt(after) === 0)) {
        return refused(row, 'Broken quoting: Trailing quote on quoted field is malformed');
      }
      index = after;
      continue;
    }
    const code = text.charCodeAt(index);
    if (code === COMMA) {
      cells += 1;
      blank = false;
      if (cells > MAX_IMPORT_COLUMNS) {
        return refused(row, `${row === 0 ? 'The header' : `Row ${row}`} has more than ${MAX_IMPORT_COLUMNS} cells.`);
      }
      cellLength = 0;
      index += 1;
      continue;
    }
    const newlineLength = newlineAt(index);
    if (newlineLength > 0) {
      index += newlineLength;
      endRow(index);
      continue;
    }
    if (blank && !isSpace(code)) blank = false;
    cellLength += 1;
    if (cellLength > MAX_IMPORT_CELL_LENGTH) return tooLong();
    index += 1;
  }
  endRow(length);
  const dataRows = rowsToLastFilled - 1;
  if (dataRows > MAX_IMPORT_ROWS) {
    return refused(MAX_IMPORT_ROWS + 1, `A file may hold at most ${MAX_IMPORT_ROWS} data rows; this one has ${dataRows}.`, true);
  }
  return { ok: true, newline, end };
}

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

  const extent = measure(text);
  if (!extent.ok) return extent;

  // Empty lines are kept (as rows of one empty cell, which the owning service reports), so every row
  // number is the file's; only the empty lines at the end, which editors leave, are dropped.
  const parsed = Papa.parse<string[]>(text.slice(0, extent.end), { delimiter: ',', newline: extent.newline });
  const broken = parsed.errors.find((error) => error.type === 'Quotes' || error.type === 'Delimiter');
  if (broken) return refused(broken.row ?? 0, `Broken quoting: ${broken.message}`);
  const lines = parsed.data;
  while (lines.length > 0 && isEmptyLine(lines[lines.length - 1]!)) lines.pop();
  const [header, ...rows] = lines;
  if (!header || header.every((cell) => cell.trim() === '')) return refused(0, 'The file has no header line.');
  return { ok: true, file: { header, rows: rows.map((cells) => cells.map(restoredCell)) } };
}
