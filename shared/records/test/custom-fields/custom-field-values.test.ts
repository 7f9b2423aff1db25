import { ValidationError } from '@crm/platform';
import {
  CUSTOM_FIELD_MESSAGES,
  requireValidCustomFieldValues,
  validateCustomFieldValues,
} from '../../src/custom-fields';
import { options, rule } from './helpers';

const definitions = [
  rule('notes', 'text'),
  rule('budget', 'number'),
  rule('renewal', 'date'),
  rule('vip', 'checkbox'),
  rule('tier', 'dropdown', { options: options('gold', 'silver') }),
];

const errorsOf = (...args: Parameters<typeof validateCustomFieldValues>) => {
  const result = validateCustomFieldValues(...args);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.values)}`);
  return result.errors;
};

describe('custom field values of a record', () => {
  it('when every value fits its type, then they are the values to store', () => {
    const input = { notes: 'met at the fair', budget: 10.5, renewal: '2026-02-28', vip: false, tier: 'gold' };
    expect(validateCustomFieldValues(input, definitions, 'create')).toEqual({ ok: true, values: input });
  });

  it('when custom_fields is not an object, then one message for the whole field', () => {
    for (const input of [null, 'x', 3, ['budget'], true]) {
      expect(errorsOf(input, definitions, 'create')).toBe(CUSTOM_FIELD_MESSAGES.notAnObject);
    }
  });

  it('when custom_fields is absent, then it counts as an empty object', () => {
    expect(validateCustomFieldValues(undefined, definitions, 'create')).toEqual({ ok: true, values: {} });
  });

  it('when a key has no definition, then "Unknown custom field." on that key', () => {
    expect(errorsOf({ colour: 'red', budget: 1 }, definitions, 'create')).toEqual({ colour: 'Unknown custom field.' });
    const tricky = JSON.parse('{"__proto__": {"budget": 1}, "constructor": 2}');
    expect(JSON.stringify(errorsOf(tricky, definitions, 'create'))).toBe(
      '{"__proto__":"Unknown custom field.","constructor":"Unknown custom field."}',
    );
  });

  it('when values have the wrong type, then a message per key', () => {
    expect(
      errorsOf({ notes: 5, budget: '10', renewal: '2026-02-30', vip: 'yes', tier: 'bronze' }, definitions, 'create'),
    ).toEqual({
      notes: 'Must be a string.',
      budget: 'Must be a number.',
      renewal: 'Enter a valid date (YYYY-MM-DD).',
      vip: 'Must be true or false.',
      tier: '"bronze" is not a valid choice.',
    });
  });

  it('when a number is given as a numeric string, then it is rejected (numbers must compare as numbers)', () => {
    expect(errorsOf({ budget: '10' }, definitions, 'create')).toEqual({ budget: 'Must be a number.' });
    expect(errorsOf({ budget: {} }, definitions, 'create')).toEqual({ budget: 'Must be a number.' });
  });

  it('when a dropdown gets a non-string, then the message names the value', () => {
    expect(errorsOf({ tier: 5 }, definitions, 'create')).toEqual({ tier: '"5" is not a valid choice.' });
  });

  it('when a date is not YYYY-MM-DD or not a real day, then it is rejected', () => {
    for (const renewal of ['2026-2-01', '2026-13-01', '2025-02-29', '2026-02-28T00:00:00Z', '']) {
      expect(errorsOf({ renewal }, definitions, 'create')).toEqual({ renewal: 'Enter a valid date (YYYY-MM-DD).' });
    }
    expect(validateCustomFieldValues({ renewal: '2024-02-29' }, definitions, 'create').ok).toBe(true);
  });

  it('when a text is longer than 10,000 characters, then it is rejected; 10,000 fits', () => {
    expect(validateCustomFieldValues({ notes: 'x'.repeat(10_000) }, definitions, 'create').ok).toBe(true);
    expect(errorsOf({ notes: 'x'.repeat(10_001) }, definitions, 'create')).toEqual({
      notes: 'Ensure this field has no more than 10000 characters.',
    });
  });

  it('when a value is null on create or replace, then it is simply not stored', () => {
    expect(validateCustomFieldValues({ budget: null, vip: true }, definitions, 'replace')).toEqual({
      ok: true,
      values: { vip: true },
    });
  });

  it('when replacing, then values not given are dropped', () => {
    const result = validateCustomFieldValues({ vip: true }, definitions, 'replace', { budget: 3 });
    expect(result).toEqual({ ok: true, values: { vip: true } });
  });

  describe('required fields', () => {
    const withRequired = [...definitions, rule('region', 'text', { isRequired: true })];

    it('when a required key is missing or null on create or replace, then "This field is required."', () => {
      expect(errorsOf({}, withRequired, 'create')).toEqual({ region: 'This field is required.' });
      expect(errorsOf({ region: null }, withRequired, 'replace', { region: 'EU' })).toEqual({
        region: 'This field is required.',
      });
    });

    it('when a required text is blank, then it is rejected', () => {
      expect(errorsOf({ region: '  ' }, withRequired, 'create')).toEqual({ region: 'This field may not be blank.' });
    });

    it('when a required key has a wrong value, then only the type message shows', () => {
      expect(errorsOf({ region: 3 }, withRequired, 'create')).toEqual({ region: 'Must be a string.' });
    });

    it('when patching other keys, then the stored required value counts', () => {
      expect(validateCustomFieldValues({ vip: true }, withRequired, 'patch', { region: 'EU' })).toEqual({
        ok: true,
        values: { region: 'EU', vip: true },
      });
    });

    it('when a patch clears a required key, then "This field is required."', () => {
      expect(errorsOf({ region: null }, withRequired, 'patch', { region: 'EU' })).toEqual({
        region: 'This field is required.',
      });
    });

    it('when the stored values lack a required key and the patch does not add it, then it is required', () => {
      expect(errorsOf({ vip: true }, withRequired, 'patch', {})).toEqual({ region: 'This field is required.' });
    });
  });

  it('when patching, then given keys change, null removes one, the rest is kept', () => {
    const existing = { budget: 3, vip: true, notes: 'old' };
    expect(validateCustomFieldValues({ budget: 4, vip: null }, definitions, 'patch', existing)).toEqual({
      ok: true,
      values: { budget: 4, notes: 'old' },
    });
    expect(existing).toEqual({ budget: 3, vip: true, notes: 'old' });
  });

  it('when the values are wrong, then requireValidCustomFieldValues throws the contract 400 under custom_fields', () => {
    let thrown: unknown;
    try {
      requireValidCustomFieldValues({ budget: 'ten' }, definitions, 'create');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).body()).toEqual({
      error: true,
      errors: { custom_fields: { budget: 'Must be a number.' } },
    });
    expect(() => requireValidCustomFieldValues('x', definitions, 'create')).toThrow(ValidationError);
    expect(requireValidCustomFieldValues({ budget: 1 }, definitions, 'create')).toEqual({ budget: 1 });
  });
});
