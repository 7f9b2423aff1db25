import { UnprocessableError, ValidationError, type Caller } from '@crm/shared';
import type { LeadValues } from './leads.repository';
import type { LeadInput } from './leads.schemas';

/** How a body relates to the stored lead: POST creates, PUT replaces every writable field, PATCH changes some. */
export type WriteMode = 'create' | 'replace' | 'patch';

/** What a new lead, or a PUT, starts from before the body applies. */
function defaults(owner: string, boardPosition: number): LeadValues {
  return {
    title: null,
    firstName: null,
    lastName: null,
    email: null,
    phone: null,
    companyName: null,
    status: 'new',
    source: null,
    opportunityAmount: null,
    currency: 'USD',
    tags: [],
    boardPosition,
    assignedTo: owner,
    customFields: {},
  };
}

const IDENTITY_MESSAGE = 'Give at least one of first_name, last_name, email or company_name.';

/**
 * The complete values to store for a body (custom fields validated separately, against the tenant's
 * definitions). The owner and the board position are places rather than data: a PUT that omits them
 * keeps them.
 */
export function leadValuesFor(
  mode: WriteMode,
  caller: Caller,
  input: LeadInput,
  existing: LeadValues | undefined,
): LeadValues {
  const base =
    mode === 'patch'
      ? existing!
      : defaults(existing?.assignedTo ?? caller.profileId, existing?.boardPosition ?? 0);
  const values: LeadValues = {
    title: input.title !== undefined ? input.title : base.title,
    firstName: input.first_name !== undefined ? input.first_name : base.firstName,
    lastName: input.last_name !== undefined ? input.last_name : base.lastName,
    email: input.email !== undefined ? input.email : base.email,
    phone: input.phone !== undefined ? input.phone : base.phone,
    companyName: input.company_name !== undefined ? input.company_name : base.companyName,
    status: input.status ?? base.status,
    source: input.source !== undefined ? input.source : base.source,
    opportunityAmount: input.opportunity_amount !== undefined ? input.opportunity_amount : base.opportunityAmount,
    currency: input.currency ?? base.currency,
    tags: input.tags ?? base.tags,
    boardPosition: input.board_position ?? base.boardPosition,
    assignedTo: input.assigned_to_id ?? base.assignedTo,
    customFields: base.customFields,
  };
  if (!values.firstName && !values.lastName && !values.email && !values.companyName) {
    throw new ValidationError({ non_field_errors: IDENTITY_MESSAGE });
  }
  return values;
}

/** The 422 of any write that would take a converted lead's status away (api-contract §10). */
export const convertedStatusLocked = (): UnprocessableError => new UnprocessableError('A converted lead cannot change its status.');

/**
 * The status rules of api-contract §6: a converted lead keeps its status and converts once (422); `converted`
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
