import { displayName, duplicateCriteria, phoneKey } from '@crm/records';

describe('phoneKey', () => {
  it.each([
    ['+1 (555) 010-2030', '5550102030'],
    ['0044 20 7946 0018', '2079460018'],
    ['555-0102', '5550102'],
    ['12345678901234', '5678901234'],
  ])('when the phone is %s, then the key is its last 10 digits: %s', (phone, key) => {
    expect(phoneKey(phone)).toBe(key);
  });

  it.each([['123456'], ['ext. 12'], [''], [null], [undefined]])('when %p has fewer than 7 digits, then there is no key', (phone) => {
    expect(phoneKey(phone)).toBeNull();
  });
});

describe('duplicateCriteria', () => {
  it('when first and last name are both given, then the name is looked for and the company is not', () => {
    expect(duplicateCriteria({ first_name: ' Ada ', last_name: 'Lovelace', company_name: 'Engines' })).toEqual({
      email: null,
      phoneKey: null,
      name: { first: 'Ada', last: 'Lovelace' },
      company: null,
    });
  });

  it('when only one name part is given, then neither the name nor the company is looked for', () => {
    const criteria = duplicateCriteria({ last_name: 'Lovelace', company_name: 'Engines' });
    expect(criteria.name).toBeNull();
    expect(criteria).toEqual({ email: null, phoneKey: null, name: null, company: null });
  });

  it('when no person name is given, then the company is looked for; the e-mail is compared lower-cased', () => {
    expect(duplicateCriteria({ company_name: 'Engines', email: 'A@B.TEST' })).toMatchObject({ company: 'Engines', email: 'a@b.test' });
  });
});

describe('displayName', () => {
  it('when there is a person name, then it is the full name; else the company; else null', () => {
    expect(displayName({ first_name: 'Ada', last_name: null, company_name: 'X' })).toBe('Ada');
    expect(displayName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ company_name: 'Engines' })).toBe('Engines');
    expect(displayName({ email: 'a@b.test' })).toBeNull();
  });
});
