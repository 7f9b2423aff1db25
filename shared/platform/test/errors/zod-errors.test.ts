import { z } from 'zod';
import { fieldErrorsFromZod } from '../../src/errors';

const schema = z.strictObject({
  email: z.string().email('Enter a valid email address.').max(10, 'Too long.'),
  custom_fields: z.strictObject({ budget: z.number({ error: 'A number is required.' }) }).optional(),
});

describe('validation errors', () => {
  it('when several checks fail on one field, then the field carries a list of messages', () => {
    const result = schema.safeParse({ email: 'not-an-address-at-all' });
    expect(fieldErrorsFromZod(result.error!)).toEqual({ email: ['Enter a valid email address.', 'Too long.'] });
  });

  it('when a custom field is wrong or unknown, then the message nests under custom_fields', () => {
    const result = schema.safeParse({ email: 'a@b.co', custom_fields: { budget: 'lots', colour: 'red' } });
    expect(fieldErrorsFromZod(result.error!)).toEqual({
      custom_fields: { budget: 'A number is required.', colour: 'Unknown field.' },
    });
  });

  it('when an unknown field is sent, then that field is named', () => {
    const result = schema.safeParse({ email: 'a@b.co', org: 'x' });
    expect(fieldErrorsFromZod(result.error!)).toEqual({ org: 'Unknown field.' });
  });
});
