import { z, type ZodError } from 'zod';
import { ValidationError, type FieldErrors, type FieldMessage } from './app-error';
import { plainMessage } from './plain-messages';

// Every message zod gives is in plain words, whichever schema, service or parse it comes from (api-contract §2);
// one a schema words itself wins over this.
z.config({ customError: plainMessage });

/** Fields whose errors nest one level (`{custom_fields: {key: message}}`), as the contract shows. */
const NESTED_FIELDS = new Set(['custom_fields']);

function addMessage(target: Record<string, FieldMessage>, key: string, message: string): void {
  const existing = target[key];
  if (existing === undefined) target[key] = message;
  else if (Array.isArray(existing)) existing.push(message);
  else if (existing !== message) target[key] = [existing, message];
}

/** Turns a zod error into the contract's field map; a field failing several checks gets a list. */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const top = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    if (unknownKeys.length > 0) {
      if (issue.path.length > 0 && NESTED_FIELDS.has(top)) {
        const nested = (errors[top] ??= {}) as Record<string, FieldMessage>;
        for (const key of unknownKeys) addMessage(nested, key, 'Unknown field.');
      } else {
        for (const key of unknownKeys) addMessage(errors as Record<string, FieldMessage>, key, 'Unknown field.');
      }
      continue;
    }
    if (NESTED_FIELDS.has(top) && issue.path.length > 1) {
      const nested = (errors[top] ??= {}) as Record<string, FieldMessage>;
      addMessage(nested, String(issue.path[1]), issue.message);
    } else {
      addMessage(errors as Record<string, FieldMessage>, top, issue.message);
    }
  }
  return errors;
}

export function validationErrorFromZod(error: ZodError): ValidationError {
  return new ValidationError(fieldErrorsFromZod(error));
}
