import { ValidationError } from '@crm/platform';
import { customFieldFilterSql, parseCustomFieldFilters, splitCustomFieldParams } from '../../src/custom-fields';
import { options, rule } from './helpers';

const definitions = [
  rule('notes', 'text', { isFilterable: true }),
  rule('budget', 'number', { isFilterable: true }),
  rule('renewal', 'date', { isFilterable: true }),
  rule('vip', 'checkbox', { isFilterable: true }),
  rule('tier', 'dropdown', { isFilterable: true, options: options('gold', 'silver') }),
  rule('secret', 'text'),
  // A key that itself ends the way a bound does: its own name is an equality filter.
  rule('cost__gte', 'number', { isFilterable: true }),
];

function errorsOf(query: Record<string, unknown>): unknown {
  try {
    parseCustomFieldFilters(query, definitions);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors;
  }
  throw new Error('expected a ValidationError');
}

describe('cf_<key> list filters', () => {
  it('when the query has cf_ parameters, then each becomes a filter typed like the stored value', () => {
    const filters = parseCustomFieldFilters(
      { cf_notes: 'hello', cf_budget: '10', cf_renewal: '2026-01-31', cf_vip: 'false', cf_tier: 'gold', page: '2' },
      definitions,
    );
    expect(filters).toEqual([
      { key: 'notes', value: 'hello' },
      { key: 'budget', value: 10 },
      { key: 'renewal', value: '2026-01-31' },
      { key: 'vip', value: false },
      { key: 'tier', value: 'gold' },
    ]);
  });

  it('when numbers are written with decimals, a sign or an exponent, then they parse as numbers', () => {
    expect(parseCustomFieldFilters({ cf_budget: '-2.50' }, definitions)).toEqual([{ key: 'budget', value: -2.5 }]);
    expect(parseCustomFieldFilters({ cf_budget: '1e3' }, definitions)).toEqual([{ key: 'budget', value: 1000 }]);
  });

  it('when the key does not exist or is not filterable, then 400 on the parameter', () => {
    expect(errorsOf({ cf_colour: 'red', cf_secret: 'x', cf_: 'y' })).toEqual({
      cf_colour: 'Filtering on this custom field is not allowed.',
      cf_secret: 'Filtering on this custom field is not allowed.',
      cf_: 'Filtering on this custom field is not allowed.',
    });
  });

  it('when a value does not parse for its type, then 400 on the parameter', () => {
    expect(errorsOf({ cf_budget: 'ten', cf_vip: 'yes', cf_renewal: '2026-02-30', cf_tier: 'bronze' })).toEqual({
      cf_budget: 'Must be a number.',
      cf_vip: 'Use true or false.',
      cf_renewal: 'Enter a valid date (YYYY-MM-DD).',
      cf_tier: '"bronze" is not a valid choice.',
    });
    for (const budget of ['', ' 1', '0x10', 'Infinity', '1e400', '1,5']) {
      expect(errorsOf({ cf_budget: budget })).toEqual({ cf_budget: 'Must be a number.' });
    }
  });

  it('when a parameter is repeated, then 400 on it', () => {
    expect(errorsOf({ cf_budget: ['1', '2'] })).toEqual({ cf_budget: 'Give this filter once.' });
  });

  it('when a number or date field has __gte or __lte, then it is a bound typed like the field', () => {
    expect(parseCustomFieldFilters({ cf_budget__gte: '10', cf_budget__lte: '1e3', cf_renewal__lte: '2027-01-31' }, definitions)).toEqual([
      { key: 'budget', value: 10, bound: 'gte' },
      { key: 'budget', value: 1000, bound: 'lte' },
      { key: 'renewal', value: '2027-01-31', bound: 'lte' },
    ]);
    expect(parseCustomFieldFilters({ cf_cost__gte: '5' }, definitions)).toEqual([{ key: 'cost__gte', value: 5 }]);
  });

  it('when a bound is on another type, or does not parse, or names no filterable field, then 400 on the parameter', () => {
    expect(errorsOf({ cf_notes__gte: 'a', cf_vip__lte: 'true', cf_budget__gte: 'ten', cf_renewal__lte: '2027-02-30', cf_secret__gte: '1', cf_nothing__lte: '1' })).toEqual({
      cf_notes__gte: expect.stringContaining('number and date'),
      cf_vip__lte: expect.stringContaining('number and date'),
      cf_budget__gte: expect.any(String),
      cf_renewal__lte: expect.any(String),
      cf_secret__gte: expect.any(String),
      cf_nothing__lte: expect.any(String),
    });
  });

  it('when there are no cf_ parameters, then there are no filters', () => {
    expect(parseCustomFieldFilters({ page: '1', status: 'new' }, definitions)).toEqual([]);
  });

  it('when a query is split, then cf_ parameters go apart (names kept) and the rest stays for the strict schema', () => {
    expect(splitCustomFieldParams({ page: '2', cf_budget: '10', ordering: '-created_at', cf_tier: 'gold' })).toEqual({
      rest: { page: '2', ordering: '-created_at' },
      custom: { cf_budget: '10', cf_tier: 'gold' },
    });
  });

  it('when filters become SQL, then one containment per filter, numbered from the given index', () => {
    expect(
      customFieldFilterSql(
        [
          { key: 'budget', value: 10 },
          { key: 'vip', value: true },
        ],
        'custom_fields',
        3,
      ),
    ).toEqual({
      conditions: ['custom_fields @> $3::jsonb', 'custom_fields @> $4::jsonb'],
      params: ['{"budget":10}', '{"vip":true}'],
      implied: [],
      createdBetween: [],
    });
  });

  it('when the column is not a plain identifier, then it is refused', () => {
    expect(() => customFieldFilterSql([], 'custom_fields; DROP TABLE x', 1)).toThrow(/Unsafe SQL identifier/);
    expect(customFieldFilterSql([{ key: 'a', value: 'x' }], 't.custom_fields', 1).conditions).toEqual([
      't.custom_fields @> $1::jsonb',
    ]);
  });
});
