import { z } from 'zod';
import { ValidationError } from '@crm/platform';
import { optionalEmail, optionalText } from '@crm/platform';
import { duplicateCriteria, type DuplicateCriteria } from './duplicate-criteria';

const TEXT_MAX = 255;

const personFields = {
  email: optionalEmail.optional(),
  phone: optionalText(TEXT_MAX).optional(),
  first_name: optionalText(TEXT_MAX).optional(),
  last_name: optionalText(TEXT_MAX).optional(),
};

/**
 * The body of `POST /api/<entity>/duplicates/`: the fields of api-contract §4 (an entity with a company
 * adds `company_name`), each optional, unknown fields refused. A check is a POST so an e-mail or phone
 * never goes in a URL.
 */
export function duplicateCheckBody(options: { companyName?: boolean } = {}) {
  return options.companyName ? z.strictObject({ ...personFields, company_name: optionalText(TEXT_MAX).optional() }) : z.strictObject(personFields);
}

export type DuplicateCheckInput = z.infer<ReturnType<typeof duplicateCheckBody>> & { company_name?: string | null };

const NOTHING_GIVEN = 'Give at least one non-blank field to look for.';

/** The criteria of a check's body; a body with every field blank is a 400 (it could only match by accident). */
export function criteriaOfCheck(input: DuplicateCheckInput): DuplicateCriteria {
  const fields = [input.email, input.phone, input.first_name, input.last_name, input.company_name];
  if (fields.every((value) => value === undefined || value === null)) {
    throw new ValidationError({ non_field_errors: NOTHING_GIVEN });
  }
  return duplicateCriteria({
    email: input.email,
    phone: input.phone,
    first_name: input.first_name,
    last_name: input.last_name,
    company_name: input.company_name,
  });
}
