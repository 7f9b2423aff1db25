/**
 * What a duplicate check looks for (api-contract §4), from a check's body or from a stored record: e-mail
 * (stored lower-cased, so compared as is), phone on its last 10 digits when it has at least 7, the
 * person's first and last name together (case-insensitive), and the company only when no person name
 * is given. A value that cannot match (a short phone, a first name alone) is simply not looked for.
 */
export interface DuplicateCriteria {
  email: string | null;
  phoneKey: string | null;
  name: { first: string; last: string } | null;
  company: string | null;
}

/** The fields a check reads, from a body or a record (blank means not given). */
export interface DuplicateFields {
  email?: string | null;
  phone?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
}

export const MIN_PHONE_DIGITS = 7;
export const PHONE_KEY_DIGITS = 10;

/** The last 10 digits of a phone number written any way (`+1 (555) 010-2030`), or null below 7 digits. */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[^0-9]/g, '');
  return digits.length >= MIN_PHONE_DIGITS ? digits.slice(-PHONE_KEY_DIGITS) : null;
}

const given = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

export function duplicateCriteria(fields: DuplicateFields): DuplicateCriteria {
  const first = given(fields.first_name);
  const last = given(fields.last_name);
  return {
    email: given(fields.email)?.toLowerCase() ?? null,
    phoneKey: phoneKey(fields.phone),
    name: first && last ? { first, last } : null,
    company: first || last ? null : given(fields.company_name),
  };
}

/** `matched_on` values, in this order. */
export const MATCH_KINDS = ['email', 'phone', 'name', 'company'] as const;
export type MatchedOn = (typeof MATCH_KINDS)[number];

/** The person's full name, or the company when there is no person name (a duplicate entry's `name`). */
export function displayName(fields: DuplicateFields): string | null {
  const person = [given(fields.first_name), given(fields.last_name)].filter(Boolean).join(' ');
  return person || given(fields.company_name);
}
