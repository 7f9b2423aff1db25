import { MAX_IMPORT_BYTES, MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS } from '@crm/records';
import Papa from 'papaparse';
import { readCsv } from '../src/csv/read-csv';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('readCsv', () => {
  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
  ])('when a %s file has a BOM, quoted cells and trailing empty lines, then it reads as header and rows', (_label, eol) => {
    const reading = readCsv(bytes(`\uFEFFfirst_name,note${eol}Ada,"a, ""quoted""\nline"${eol}Grace,${eol}${eol}${eol}`));
    expect(reading).toEqual({ ok: true, file: { header: ['first_name', 'note'], rows: [['Ada', 'a, "quoted"\nline'], ['Grace', '']] } });
  });

  it('when cells were neutralised by an export, then the leading quote is dropped; other quotes stay', () => {
    const reading = readCsv(bytes("a,b,c,d\r\n'=1+1,'@x,'plain,it's\r\n"));
    expect(reading).toEqual({ ok: true, file: { header: ['a', 'b', 'c', 'd'], rows: [['=1+1', '@x', "'plain", "it's"]] } });
  });

  it('when an empty line sits between rows, then it stays a row, so row numbers are the file’s', () => {
    const reading = readCsv(bytes('a\r\nx\r\n\r\ny\r\n'));
    expect(reading).toEqual({ ok: true, file: { header: ['a'], rows: [['x'], [''], ['y']] } });
  });

  it.each([
    ['invalid UTF-8 on the third data row', Buffer.concat([bytes('a\r\n1\r\n2\r\n'), Buffer.from([0xff]), bytes('\r\n')]), 3],
    ['a NUL byte on the first data row', bytes('a\r\nx\u0000\r\n'), 1],
    ['an unclosed quote', bytes('a\r\n"x\r\n'), 1],
    ['an empty file', bytes(''), 0],
    ['only a BOM and blank lines', bytes('\uFEFF\r\n\r\n'), 0],
  ])('when the file has %s, then it is refused naming row %d', (_label, content, row) => {
    const reading = readCsv(content);
    expect(reading.ok).toBe(false);
    if (!reading.ok) {
      expect(reading.tooLarge).toBe(false);
      expect(reading.errors).toEqual([{ row, field: 'file', message: expect.any(String) }]);
    }
  });

  it('when a file has more than 5,000 data rows, then it is refused as too large', () => {
    const reading = readCsv(bytes(`a\r\n${'x\r\n'.repeat(5_001)}`));
    expect(reading).toMatchObject({ ok: false, tooLarge: true });
    expect(readCsv(bytes(`a\r\n${'x\r\n'.repeat(5_000)}`)).ok).toBe(true);
  });
});

/** The reading before the bounds of issue 35.1: papaparse alone, on the whole text, guessing the line end. */
function readWithPapaparseAlone(text: string): { ok: true; rows: string[][] } | { ok: false; row: number; message: string } {
  const parsed = Papa.parse<string[]>(text, { delimiter: ',' });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) return { ok: false, row: broken.row ?? 0, message: `Broken quoting: ${broken.message}` };
  const lines = parsed.data;
  while (lines.length > 0 && lines[lines.length - 1]!.length === 1 && lines[lines.length - 1]![0]!.trim() === '') lines.pop();
  return { ok: true, rows: lines };
}

describe('readCsv: the bounds that come before the parse (security §10.1)', () => {
  const refusal = (content: Buffer) => {
    const started = process.hrtime.bigint();
    const reading = readCsv(content);
    return { reading, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  };

  it('when the header is a 5 MB line of commas, then it is refused on the file, naming the header, without reading its cells', () => {
    const { reading, ms } = refusal(bytes(`first_name${','.repeat(MAX_IMPORT_BYTES - 20)}`));
    expect(reading).toEqual({ ok: false, tooLarge: false, errors: [{ row: 0, field: 'file', message: `The header has more than ${MAX_IMPORT_COLUMNS} cells.` }] });
    expect(ms).toBeLessThan(2_000);
  });

  it('when a line has one cell more than 250, then it is refused naming its row; 250 cells and a quoted cell holding 300 commas read', () => {
    const wide = (cells: number) => Array.from({ length: cells }, (_, index) => `c${index}`).join(',');
    expect(readCsv(bytes(`${wide(250)}\r\n${wide(250)}\r\n`))).toMatchObject({ ok: true });
    expect(readCsv(bytes(`${wide(251)}\r\nx\r\n`))).toMatchObject({ ok: false, tooLarge: false, errors: [{ row: 0, field: 'file' }] });
    expect(readCsv(bytes(`a\r\nx\r\n${wide(251)}\r\n`))).toEqual({
      ok: false,
      tooLarge: false,
      errors: [{ row: 2, field: 'file', message: `Row 2 has more than ${MAX_IMPORT_COLUMNS} cells.` }],
    });
    const reading = readCsv(bytes(`a,b\r\n"${','.repeat(300)}",x\r\n`));
    expect(reading).toEqual({ ok: true, file: { header: ['a', 'b'], rows: [[','.repeat(300), 'x']] } });
  });

  it('when a cell is longer than 32,768 characters, then it is refused naming its row; a quote written twice counts once', () => {
    const longest = 'x'.repeat(MAX_IMPORT_CELL_LENGTH);
    expect(readCsv(bytes(`a\r\n${longest}\r\n`))).toMatchObject({ ok: true });
    expect(readCsv(bytes(`a\r\n"${'""'.repeat(MAX_IMPORT_CELL_LENGTH)}"\r\n`))).toMatchObject({ ok: true });
    expect(readCsv(bytes(`a\r\n${longest}x\r\n`))).toEqual({
      ok: false,
      tooLarge: false,
      errors: [{ row: 1, field: 'file', message: 'A cell of row 1 is longer than 32,768 characters.' }],
    });
    const { reading, ms } = refusal(bytes('"'.repeat(MAX_IMPORT_BYTES - 1)));
    expect(reading).toMatchObject({ ok: false, tooLarge: false, errors: [{ row: 0, field: 'file', message: 'A cell of the header is longer than 32,768 characters.' }] });
    expect(ms).toBeLessThan(2_000);
  });

  it('when a 5 MB file has two million short rows, then it is refused as too large, with their number', () => {
    const { reading, ms } = refusal(bytes(`a\r\n${'x\r\n'.repeat(1_700_000)}`));
    expect(reading).toEqual({
      ok: false,
      tooLarge: true,
      errors: [{ row: 5_001, field: 'file', message: 'A file may hold at most 5000 data rows; this one has 1700000.' }],
    });
    expect(ms).toBeLessThan(2_000);
  });

  it('when a file ends in millions of empty lines, then it reads without them, its last quoted cell too', () => {
    const { reading, ms } = refusal(bytes(`a,b\r\n"x" ,"y"  \r\n${'\r\n'.repeat(2_000_000)}`));
    expect(reading).toEqual({ ok: true, file: { header: ['a', 'b'], rows: [['x', 'y']] } });
    expect(ms).toBeLessThan(2_000);
  });

  it('when lines end in CR alone, then they read as lines', () => {
    expect(readCsv(bytes('a,b\r1,2\r3,4\r'))).toEqual({ ok: true, file: { header: ['a', 'b'], rows: [['1', '2'], ['3', '4']] } });
  });

  it('on 5,000 small random files, it reads what papaparse alone read, and refuses what it refused, at the same row', () => {
    let seed = 35;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const pieces = ['a', 'b', ' ', ',', '"', '""', '\r\n', '\n', '\r', '\t'];
    for (let run = 0; run < 5_000; run += 1) {
      const text = Array.from({ length: 1 + random(24) }, () => pieces[random(pieces.length)]).join('');
      const before = readWithPapaparseAlone(text);
      const reading = readCsv(bytes(text));
      const context = JSON.stringify(text);
      if (before.ok) {
        const [header, ...rows] = before.rows;
        if (!header || header.every((cell) => cell.trim() === '')) expect([context, reading.ok]).toEqual([context, false]);
        else expect([context, reading]).toEqual([context, { ok: true, file: { header, rows } }]);
      } else {
        expect([context, reading]).toEqual([context, { ok: false, tooLarge: false, errors: [{ row: before.row, field: 'file', message: before.message }] }]);
      }
    }
  });
});
