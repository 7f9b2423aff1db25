import { ForbiddenError, isAdmin, ValidationError, type Caller } from '@crm/shared';
import type { ContactValues } from './contacts.repository';
import type { ContactInput } from './contacts.schemas';

/** How a body relates to the stored contact: POST creates, PUT replaces every writable field, PATCH changes some. */
export type WriteMode = 'create' | 'replace' | 'patch';

/** What a new contact, or a PUT, starts from before the body applies: the owner is kept, the rest reset. */
function defaults(owner: string): ContactValues {
  return {
    firstName: null,
    lastName: null,
    email: null,
    phone: null,
    title: null,
    accountId: null,
    linkedinUrl: null,
    tags: [],
    ownerId: owner,
    customFields: {},
  };
}

const NAME_MESSAGE = 'Give at least one of first_name or last_name.';

/**
 * The complete values to store for a body (custom fields validated separately, against the tenant's
 * definitions). The owner is a place in a team rather than data a form resends: a PUT that omits it
 * keeps it. A contact needs a name after every write.
 */
export function contactValuesFor(
  mode: WriteMode,
  caller: Caller,
  input: ContactInput,
  existing: ContactValues | undefined,
): ContactValues {
  const base = mode === 'patch' ? existing! : defaults(existing?.ownerId ?? caller.profileId);
  // undefined: not sent, keep `base`; null: sent empty.
  const pick = <T>(given: T | undefined, kept: T): T => (given !== undefined ? given : kept);
  const values: ContactValues = {
    firstName: pick(input.first_name, base.firstName),
    lastName: pick(input.last_name, base.lastName),
    email: pick(input.email, base.email),
    phone: pick(input.phone, base.phone),
    title: pick(input.title, base.title),
    accountId: pick(input.account_id, base.accountId),
    linkedinUrl: pick(input.linkedin_url, base.linkedinUrl),
    tags: input.tags ?? base.tags,
    ownerId: input.owner_id ?? base.ownerId,
    customFields: base.customFields,
  };
  if (!values.firstName && !values.lastName) throw new ValidationError({ non_field_errors: NAME_MESSAGE });
  return values;
}

/**
 * Only an admin may give a contact to someone else (api-contract §5); a member may name themselves (or resend
 * the current owner, as a form does).
 */
export function checkOwnerChange(caller: Caller, input: ContactInput, currentOwner: string | undefined): void {
  const wanted = input.owner_id;
  if (wanted === undefined || isAdmin(caller)) return;
  if (wanted !== caller.profileId && wanted !== currentOwner) {
    throw new ForbiddenError('Only an admin may make someone else the owner of a contact.');
  }
}
