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
