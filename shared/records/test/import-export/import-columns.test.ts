import { ForbiddenError, NotFoundError, ValidationError } from '@crm/platform';
import { readHeader, rowErrorsFrom, rowInput, type CustomFieldRule, type ImportColumns } from '@crm/records';

const COLUMNS: ImportColumns = { fields: { first_name: 'text', tags: 'list', board_position: 'integer' }, ownerField: 'assigned_to_id', nameField: 'first_name' };
const rule = (key: string, fieldType: CustomFieldRule['fieldType']): CustomFieldRule => ({ key, fieldType, options: [], isRequired: false, isFilterable: false });
const DEFINITIONS = [rule('size', 'number'), rule('vip', 'checkbox'), rule('note', 'text')];

function readers(header: string[]) {
  const reading = readHeader(header, COLUMNS, DEFINITIONS);
  if (!reading.ok) throw new Error(reading.error);
  return reading.readers;
}

describe('readHeader', () => {
  it('when every column is a field, a custom field or an ignored export column, then the header reads', () => {
    expect(readHeader(['id', ' first_name ', 'cf_size', 'created_at'], COLUMNS, DEFINITIONS).ok).toBe(true);
  });

  it.each([
    [['first_name', 'nickname'], 'Unknown column "nickname".'],
    [['first_name', 'first_name'], 'The column "first_name" appears more than once.'],
    [['cf_missing'], 'Unknown column "cf_missing".'],
    [['__proto__'], 'Unknown column "__proto__".'],
    [['toString'], 'Unknown column "toString".'],
    [[...'abcdefghi'], 'The header has 9 columns; there are 8 (the fields, 3 custom fields, id and created_at).'],
  ])('when the header is %j, then the file fails: %s', (header, error) => {
    expect(readHeader(header, COLUMNS, DEFINITIONS)).toEqual({ ok: false, error });
  });
});

describe('rowInput', () => {
  it('when cells are read, then lists split on ";", whole numbers and custom values take their types, blanks are left out', () => {
    const cells = ['  Ada ', 'a; b;;c ', '7', '12.5', 'Yes', '', 'ignored id'];
    expect(rowInput(readers(['first_name', 'tags', 'board_position', 'cf_size', 'cf_vip', 'cf_note', 'id']), cells)).toEqual({
      input: { first_name: 'Ada', tags: ['a', 'b', 'c'], board_position: 7, custom_fields: { size: 12.5, vip: true } },
    });
  });

  it('when a cell cannot take its type, then it stays text, for validation to name', () => {
    expect(rowInput(readers(['board_position', 'cf_size', 'cf_vip']), ['7.5', 'ten', 'perhaps'])).toEqual({
      input: { board_position: '7.5', custom_fields: { size: 'ten', vip: 'perhaps' } },
    });
  });

  it('when a row has more or fewer cells than the header, then that row is an error', () => {
    expect(rowInput(readers(['first_name', 'tags']), ['only one'])).toEqual({ error: 'This row has 1 cells; the header has 2 columns.' });
  });
});

describe('rowErrorsFrom', () => {
  it('when a create is refused with field errors, then each message is a row error; custom fields on their cf_ column, a missing name on the name column', () => {
    const error = new ValidationError({ email: ['Bad.', 'Too long.'], custom_fields: { size: 'Must be a number.' }, non_field_errors: 'Name?' });
    expect(rowErrorsFrom(4, error, COLUMNS)).toEqual([
      { row: 4, field: 'email', message: 'Bad.' },
      { row: 4, field: 'email', message: 'Too long.' },
      { row: 4, field: 'cf_size', message: 'Must be a number.' },
      { row: 4, field: 'first_name', message: 'Name?' },
    ]);
  });

  it('when a create is forbidden (an assignment), then the row error is on the owner column; other errors are not the row’s', () => {
    expect(rowErrorsFrom(2, new ForbiddenError('Only an admin may assign.'), COLUMNS)).toEqual([
      { row: 2, field: 'assigned_to_id', message: 'Only an admin may assign.' },
    ]);
    expect(() => rowErrorsFrom(2, new NotFoundError(), COLUMNS)).toThrow(NotFoundError);
    expect(() => rowErrorsFrom(2, new Error('database down'), COLUMNS)).toThrow('database down');
  });
});
