import { z } from 'zod';
import { fieldErrorsFromZod } from '../../src/errors';

/** The message a client reads for `value` in a field of `schema` that does not word its own messages. */
const messageFor = (schema: z.ZodType, value: unknown) => fieldErrorsFromZod(z.strictObject({ field: schema }).safeParse({ field: value }).error!).field;

describe('validation messages in plain words (api-contract §2)', () => {
  it.each([
    ['a missing field', z.string(), undefined, 'This field is required.'],
    ['null where it is not allowed', z.string(), null, 'This field may not be null.'],
    ['a list for text', z.string(), ['x'], 'Must be a string.'],
    ['text for a number', z.number(), '12', 'Must be a number.'],
    ['a fraction for a whole number', z.int(), 1.5, 'Must be a whole number.'],
    ['text for true/false', z.boolean(), 'yes', 'Must be true or false.'],
    ['text for a list', z.array(z.string()), 'x', 'Must be a list.'],
    ['a list for an object', z.object({}), [], 'Must be an object.'],
    ['a value not in the choice', z.enum(['new', 'contacted', 'qualified']), 'old', 'Must be one of: new, contacted, qualified.'],
    ['a value not the one allowed', z.literal('yes'), 'no', 'Must be yes.'],
    ['text too long', z.string().max(255), 'x'.repeat(256), 'Ensure this field has no more than 255 characters.'],
    ['text too short', z.string().min(8), 'short', 'Ensure this field has at least 8 characters.'],
    ['blank text', z.string().min(1), '', 'This field may not be blank.'],
    ['text of the wrong length', z.string().length(3), 'ab', 'Ensure this field has exactly 3 characters.'],
    ['too many items', z.array(z.string()).max(2), ['a', 'b', 'c'], 'Ensure there are no more than 2 items.'],
    ['no item', z.array(z.string()).min(1), [], 'Give at least one item.'],
    ['a number too big', z.number().max(100), 101, 'Must be 100 or less.'],
    ['a number not below the bound', z.number().lt(100), 100, 'Must be less than 100.'],
    ['a number too small', z.number().min(0), -1, 'Must be 0 or more.'],
    ['a number not above the bound', z.number().positive(), 0, 'Must be more than 0.'],
    ['a number off its step', z.number().multipleOf(5), 7, 'Must be a multiple of 5.'],
    ['a malformed e-mail address', z.email(), 'nobody', 'Enter a valid e-mail address.'],
    ['a malformed URL', z.url(), 'nowhere', 'Enter a valid URL.'],
    ['a malformed id', z.uuid(), '42', 'Enter a valid id.'],
    ['a malformed date', z.iso.date(), '2024-13-01', 'Enter a valid date (YYYY-MM-DD).'],
    ['a malformed date-time', z.iso.datetime(), 'noon', 'Enter a valid ISO 8601 date-time.'],
    ['text off its pattern', z.string().regex(/^[a-z]+$/), 'A1', 'Enter a value in the expected format.'],
    ['text without its prefix', z.string().startsWith('crm_'), 'pat', 'Must start with "crm_".'],
    ['a key not allowed', z.record(z.string().max(2), z.string()), { long: 'x' }, 'Holds a key that is not allowed.'],
    ['a refinement without words', z.string().refine(() => false), 'x', 'Enter a valid value.'],
    ['none of the types a union takes', z.union([z.string(), z.number(), z.null()]), [], 'Must be a string, a number or null.'],
    ['none of the values a union takes', z.union([z.literal('a'), z.literal('b')]), 'c', 'Must be one of: a, b.'],
    ['a union whose one alternative of the type fails its check', z.union([z.null(), z.string().max(3).pipe(z.string())]), 'toolong', 'Ensure this field has no more than 3 characters.'],
  ])('when a field gets %s, then the message is plain', (_case, schema, value, message) => {
    expect(messageFor(schema, value)).toBe(message);
  });

  it('when an unknown field is sent, then "Unknown field."', () => {
    expect(fieldErrorsFromZod(z.strictObject({}).safeParse({ colour: 'red' }).error!)).toEqual({ colour: 'Unknown field.' });
  });

  it('when a schema words its own message, then that message stands', () => {
    expect(messageFor(z.string('A note is text.'), 42)).toBe('A note is text.');
    expect(messageFor(z.string().max(3, 'Too long.'), 'abcd')).toBe('Too long.');
    expect(messageFor(z.string().refine(() => false, 'Unknown scope.'), 'x')).toBe('Unknown scope.');
  });
});
