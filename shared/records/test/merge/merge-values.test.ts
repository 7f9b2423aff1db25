import { mergeValues } from '@crm/records';

interface Values {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  amount: string | null;
  currency: string;
  status: string;
  tags: string[];
  custom_fields: Record<string, unknown>;
}

const blank: Values = { first_name: null, last_name: null, email: null, amount: null, currency: 'USD', status: 'new', tags: [], custom_fields: {} };
const GROUPS = [{ fields: ['first_name', 'last_name'] as const }, { fields: ['email'] as const }, { fields: ['amount'] as const, with: ['currency'] as const }];

describe('mergeValues', () => {
  it('when a group of the keeper has any value, then the whole group stays the keeper’s', () => {
    const result = mergeValues({ ...blank, first_name: 'Ada' }, { ...blank, first_name: 'Augusta', last_name: 'King' }, GROUPS);
    expect(result.values).toMatchObject({ first_name: 'Ada', last_name: null });
    expect(result.fromKeeper).toEqual(['first_name']);
    expect(result.fromMerged).toEqual([]);
  });

  it('when a group of the keeper is blank, then it comes whole from the other, with what goes along (the currency)', () => {
    const result = mergeValues({ ...blank, email: '' }, { ...blank, email: 'x@y.test', amount: '5.00', currency: 'EUR', last_name: 'King' }, GROUPS);
    expect(result.values).toMatchObject({ first_name: null, last_name: 'King', email: 'x@y.test', amount: '5.00', currency: 'EUR' });
    expect(result.fromMerged).toEqual(['first_name', 'last_name', 'email', 'amount', 'currency']);
  });

  it('when both are blank, then the group stays blank and is named on neither side', () => {
    const result = mergeValues(blank, blank, GROUPS);
    expect(result.values).toEqual(blank);
    expect(result).toMatchObject({ fromKeeper: [], fromMerged: [] });
  });

  it('when tags and custom fields differ, then tags combine in order and missing or blank custom fields are filled', () => {
    const result = mergeValues(
      { ...blank, tags: ['a', 'b'], custom_fields: { size: 10, note: '' } },
      { ...blank, tags: ['b', 'c'], custom_fields: { size: 20, note: 'hi', region: 'EU' } },
      GROUPS,
      ['status'],
    );
    expect(result.values.tags).toEqual(['a', 'b', 'c']);
    expect(result.values.custom_fields).toEqual({ size: 10, note: 'hi', region: 'EU' });
    expect(result.fromKeeper).toEqual(['status', 'tags', 'custom_fields.size']);
    expect(result.fromMerged).toEqual(['tags', 'custom_fields.note', 'custom_fields.region']);
  });

  it('when the other adds no tag, then tags are not named as taken from it', () => {
    expect(mergeValues({ ...blank, tags: ['a'] }, { ...blank, tags: ['a'] }, GROUPS).fromMerged).toEqual([]);
  });
});
