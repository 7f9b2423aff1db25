import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const REQUIRED = 'This field is required.';
const NOT_NULL = 'This field may not be null.';
const NOT_VALID = 'Enter a valid value.';

/** What a value of each type is called in "Must be …". */
const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  date: 'a date',
  null: 'null',
};

/** The formats zod checks strings for, as a client would name them ("Enter a valid …"). */
const FORMAT_NAMES: Record<string, string> = {
  email: 'e-mail address',
  url: 'URL',
  uuid: 'id',
  uuidv4: 'id',
  uuidv6: 'id',
  uuidv7: 'id',
  guid: 'id',
  datetime: 'ISO 8601 date-time',
  date: 'date (YYYY-MM-DD)',
  time: 'time (HH:MM or HH:MM:SS)',
  duration: 'ISO 8601 duration',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  e164: 'phone number in E.164 form (+4915112345678)',
};

const typeName = (type: string): string => TYPE_NAMES[type] ?? `a ${type.replace(/_/g, ' ')}`;
const shown = (value: unknown): string => (value === '' ? '""' : String(value));
const listed = (words: string[], last: string): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`);
const typeOf = (value: unknown): string => (value === null ? 'null' : typeof value);
const oneOf = (values: readonly unknown[]): string => (values.length === 1 ? `Must be ${shown(values[0])}.` : `Must be one of: ${values.map(shown).join(', ')}.`);

/**
 * The message of every kind of zod issue a schema does not word itself (`z.config({ customError })`), in the
 * words our own messages use (api-contract §2): a client reads "Must be a string.", never "Invalid input:
 * expected string, received array". A message a schema sets (`z.string('…')`, `.max(n, '…')`, a
 * refinement's) takes precedence.
 */
export function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(issue.expected, issue.input);
    case 'invalid_value':
      return oneOf(issue.values);
    case 'too_big':
      return tooBig(issue.origin, issue.maximum, issue.inclusive !== false, issue.exact === true);
    case 'too_small':
      return tooSmall(issue.origin, issue.minimum, issue.inclusive !== false, issue.exact === true);
    case 'invalid_format':
      return badFormat(issue as Issue & { format: string; prefix?: string; suffix?: string; includes?: string });
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return 'Unknown field.';
    case 'invalid_union':
      return noAlternative(issue);
    case 'invalid_key':
      return 'Holds a key that is not allowed.';
    case 'invalid_element':
      return 'Holds an item that is not valid.';
    default:
      return NOT_VALID;
  }
}

function wrongType(expected: string, input: unknown): string {
  if (input === undefined) return REQUIRED;
  if (expected === 'never' || expected === 'undefined') return 'This field is not allowed.';
  if (input === null) return NOT_NULL;
  return `Must be ${typeName(expected)}.`;
}

function tooBig(origin: string, maximum: number | bigint, inclusive: boolean, exact: boolean): string {
  if (origin === 'string') return exact ? `Ensure this field has exactly ${maximum} characters.` : `Ensure this field has no more than ${maximum} characters.`;
  if (origin === 'array' || origin === 'set') return exact ? `Ensure there are exactly ${maximum} items.` : `Ensure there are no more than ${maximum} items.`;
  if (origin === 'file') return `Must be at most ${maximum} bytes.`;
  if (origin === 'date') return inclusive ? `Must be ${new Date(Number(maximum)).toISOString()} or earlier.` : `Must be before ${new Date(Number(maximum)).toISOString()}.`;
  return inclusive ? `Must be ${maximum} or less.` : `Must be less than ${maximum}.`;
}

function tooSmall(origin: string, minimum: number | bigint, inclusive: boolean, exact: boolean): string {
  if (origin === 'string') {
    if (exact) return `Ensure this field has exactly ${minimum} characters.`;
    return Number(minimum) === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${minimum} characters.`;
  }
  if (origin === 'array' || origin === 'set') {
    if (exact) return `Ensure there are exactly ${minimum} items.`;
    return Number(minimum) === 1 ? 'Give at least one item.' : `Ensure there are at least ${minimum} items.`;
  }
  if (origin === 'file') return `Must be at least ${minimum} bytes.`;
  if (origin === 'date') return inclusive ? `Must be ${new Date(Number(minimum)).toISOString()} or later.` : `Must be after ${new Date(Number(minimum)).toISOString()}.`;
  return inclusive ? `Must be ${minimum} or more.` : `Must be more than ${minimum}.`;
}

function badFormat(issue: { format: string; prefix?: string; suffix?: string; includes?: string }): string {
  if (issue.format === 'starts_with') return `Must start with "${issue.prefix}".`;
  if (issue.format === 'ends_with') return `Must end with "${issue.suffix}".`;
  if (issue.format === 'includes') return `Must contain "${issue.includes}".`;
  if (issue.format === 'regex') return 'Enter a value in the expected format.';
  return `Enter a valid ${FORMAT_NAMES[issue.format] ?? issue.format.replace(/_/g, ' ')}.`;
}

/** An alternative's refusal of the value's type: its first issue, on the value itself, is a wrong type or value. */
function refusesTheType(issue: z.core.$ZodIssue): issue is z.core.$ZodIssueInvalidType | z.core.$ZodIssueInvalidValue {
  return issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value');
}

/**
 * No alternative of a union took the value. When one took its type and failed a check of its own, that
 * check says what is wrong; when each refused the type, the message names the types the field takes ("Must
 * be a string or null.") or, for a choice of fixed values, the values; a discriminated union names the values
 * of its discriminator.
 */
function noAlternative(issue: Issue & { code: 'invalid_union' }): string {
  if (issue.input === undefined) return REQUIRED;
  if ('options' in issue && Array.isArray(issue.options)) return oneOf(issue.options);
  const refusals = issue.errors.flatMap((issues) => issues.slice(0, 1));
  const checked = refusals.filter((refusal) => !refusesTheType(refusal));
  if (checked.length > 0) return checked.length === 1 ? checked[0]!.message : NOT_VALID;
  const typeRefusals = refusals.filter(refusesTheType);
  if (typeRefusals.length === 0) return NOT_VALID;
  if (typeRefusals.every((refusal) => refusal.code === 'invalid_value')) return oneOf(typeRefusals.flatMap((refusal) => refusal.values));
  const accepted = typeRefusals.map((refusal) => typeName(refusal.code === 'invalid_type' ? refusal.expected : typeOf(refusal.values[0])));
  return `Must be ${listed([...new Set(accepted)], 'or')}.`;
}
