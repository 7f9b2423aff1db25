import { csvCell, csvLine } from '../../src/import-export/write-csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1 555', "'+1 555"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['=A1,B1', '"\'=A1,B1"'],
    [' padded ', '" padded "'],
    ['', ''],
  ])('when the value is %j, then the cell is %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('when a line is written, then its cells are joined by commas and it ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', '=d'])).toBe('a,"b,c",\'=d\r\n');
  });
});
