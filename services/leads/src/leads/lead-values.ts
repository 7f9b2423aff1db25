import { UnprocessableError, ValidationError } from '@crm/platform';
import type { LeadInput } from './leads.schemas';

/** How a body relates to the stored lead: POST creates, PUT replaces every writable field, PATCH changes some. */
export type WriteMode = 'create' | 'replace' | 'patch';

/** The 422 of any write that would take a converted lead's status away (api-contract §6). */
export const convertedStatusLocked = (): UnprocessableError => new UnprocessableError('A converted lead cannot change its status.');

/**
 * The status rules of api-contract §4: a converted lead keeps its status and converts once (422); `converted`
 * is reached only by a PUT, which is then a conversion; POST and PATCH cannot set it (400).
 */
export function checkStatusChange(mode: WriteMode, input: LeadInput, currentStatus: string | undefined): 'conversion' | 'change' {
  if (currentStatus === 'converted') {
    if (mode === 'replace') {
      // A PUT either converts again or resets the status (to `new` when it is left out).
      throw input.status === 'converted' ? new UnprocessableError('This lead is already converted.') : convertedStatusLocked();
    }
    if (input.status !== undefined && input.status !== 'converted') throw convertedStatusLocked();
    return 'change';
  }
  if (input.status !== 'converted') return 'change';
  if (mode === 'create') throw ValidationError.field('status', 'A new lead cannot be converted; convert it with PUT.');
  if (mode === 'patch') throw ValidationError.field('status', 'Convert a lead with PUT.');
  return 'conversion';
}

/** A PUT asking for `converted`: the route sends it to conversion (any refusal happens there). */
export const asksForConversion = (input: LeadInput): boolean => input.status === 'converted';
