import { csvCell, csvLine, restoredCell } from '../../src/import-export/write-csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', '"\'=SUM(A1)"'],
    ['+1 555', '"\'+1 555"'],
    ['-5', '"\'-5"'],
    ['@cmd', '"\'@cmd"'],
    ['\tTab', '"\'\tTab"'],
    ['\r=1', '"\'\r=1"'],
    ['=A1,B1', '"\'=A1,B1"'],
    [' padded ', '" padded "'],
    ['', ''],
    ["it's", "it's"],
    ['a - b', 'a - b'],
  ])('when the value is %j, then the cell is %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['a;=1+1', '"\'a;=1+1"'],
    ['a,=1', '"\'a,=1"'],
    ['a\t@SUM(A1)', '"\'a\t@SUM(A1)"'],
    ['note\n-2+3', '"\'note\n-2+3"'],
    ['note\r\n+cmd', '"\'note\r\n+cmd"'],
    ['a; =1', '"\'a; =1"'],
    ['a;"=1"', '"\'a;""=1"""'],
  ])('when a formula follows a separator a spreadsheet may split on, as in %j, then the cell is neutralised too: %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('when a line is written, then its cells are joined by commas and it ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', '=d'])).toBe('a,"b,c","\'=d"\r\n');
  });
});

describe('restoredCell', () => {
  it.each(['=SUM(A1)', 'a;=1+1', "'=1", "''a,=1", "'plain", "it's", 'plain', '-', "'"])(
    'when %j is exported and read back, then it is the value again',
    (value) => {
      const cell = csvCell(value);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
      expect(restoredCell(unquoted)).toBe(value);
    },
  );
});
