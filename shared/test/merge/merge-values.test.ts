import { apiFieldName, mergeValues } from '@crm/shared';

interface Values {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  amount: string | null;
  currency: string;
  status: string;
  tags: string[];
  customFields: Record<string, unknown>;
}

const blank: Values = { firstName: null, lastName: null, email: null, amount: null, currency: 'USD', status: 'new', tags: [], customFields: {} };
const GROUPS = [{ fields: ['firstName', 'lastName'] as const }, { fields: ['email'] as const }, { fields: ['amount'] as const, with: ['currency'] as const }];

describe('mergeValues', () => {
  it('when a group of the keeper has any value, then the whole group stays the keeper’s', () => {
    const result = mergeValues({ ...blank, firstName: 'Ada' }, { ...blank, firstName: 'Augusta', lastName: 'King' }, GROUPS);
    expect(result.values).toMatchObject({ firstName: 'Ada', lastName: null });
    expect(result.fromKeeper).toEqual(['first_name']);
    expect(result.fromMerged).toEqual([]);
  });

  it('when a group of the keeper is blank, then it comes whole from the other, with what goes along (the currency)', () => {
    const result = mergeValues({ ...blank, email: '' }, { ...blank, email: 'x@y.test', amount: '5.00', currency: 'EUR', lastName: 'King' }, GROUPS);
    expect(result.values).toMatchObject({ firstName: null, lastName: 'King', email: 'x@y.test', amount: '5.00', currency: 'EUR' });
    expect(result.fromMerged).toEqual(['first_name', 'last_name', 'email', 'amount', 'currency']);
  });

  it('when both are blank, then the group stays blank and is named on neither side', () => {
    const result = mergeValues(blank, blank, GROUPS);
    expect(result.values).toEqual(blank);
    expect(result).toMatchObject({ fromKeeper: [], fromMerged: [] });
  });

  it('when tags and custom fields differ, then tags combine in order and missing or blank custom fields are filled', () => {
    const result = mergeValues(
      { ...blank, tags: ['a', 'b'], customFields: { size: 10, note: '' } },
      { ...blank, tags: ['b', 'c'], customFields: { size: 20, note: 'hi', region: 'EU' } },
      GROUPS,
      ['status'],
    );
    expect(result.values.tags).toEqual(['a', 'b', 'c']);
    expect(result.values.customFields).toEqual({ size: 10, note: 'hi', region: 'EU' });
    expect(result.fromKeeper).toEqual(['status', 'tags', 'custom_fields.size']);
    expect(result.fromMerged).toEqual(['tags', 'custom_fields.note', 'custom_fields.region']);
  });

  it('when the other adds no tag, then tags are not named as taken from it', () => {
    expect(mergeValues({ ...blank, tags: ['a'] }, { ...blank, tags: ['a'] }, GROUPS).fromMerged).toEqual([]);
  });
});

describe('apiFieldName', () => {
  it('when a stored field name is camel case, then the API name is snake case', () => {
    expect(apiFieldName('opportunityAmount')).toBe('opportunity_amount');
    expect(apiFieldName('email')).toBe('email');
  });
});
