import { ForbiddenError, isAdmin, RefusedReferencesError, ValidationError } from '@crm/platform';
import { NOT_A_MEMBER, ownerToCheck, profileBelongsToTenant, refusedIds, type RecordKind } from '@crm/records';
import { heldAccountsOf } from '../accounts/account-replica';
import { contactCustomFields } from '../custom-fields/contact-custom-fields';
import { contactsAsSeenBy, contactViews, type ContactView } from './contact-view';
import { CONTACTS, type ContactValues } from './contacts.repository';
import type { ContactListQuery } from './contacts.schemas';

export const SERVICE_NAME = 'contacts';

const NAME_MESSAGE = 'Give at least one of first_name or last_name.';
const UNKNOWN_ACCOUNT = 'No account of this organisation has this id.';

/**
 * Contacts (api-contract §3): people the tenant deals with, standalone or at an account (checked against
 * the accounts replica), owned by `owner_id` (shown as `owner`). What the shared records layer does with
 * them is described here; their lead links, conversion and account replica are the service's own.
 */
export const contactKind: RecordKind<ContactValues, ContactView, ContactListQuery> = {
  entity: 'contact',
  source: SERVICE_NAME,
  table: CONTACTS,
  customFields: contactCustomFields,
  owner: { field: 'owner_id', filter: 'owner' },
  required: [],
  /** The owner is a place in a team rather than data a form resends: a PUT that omits it keeps it. */
  defaults: (owner) => ({
    first_name: null,
    last_name: null,
    email: null,
    phone: null,
    title: null,
    account_id: null,
    linkedin_url: null,
    tags: [],
    owner_id: owner,
    custom_fields: {},
  }),
  /** A contact needs a name after every write. */
  validate(values) {
    if (!values.first_name && !values.last_name) throw new ValidationError({ non_field_errors: NAME_MESSAGE });
  },
  /** Only an admin may give a contact to someone else; a member may name themselves (or resend the current owner, as a form does). */
  checkOwnerChange(caller, wanted, current) {
    if (wanted === undefined || isAdmin(caller)) return;
    if (wanted !== caller.profileId && wanted !== current) {
      throw new ForbiddenError('Only an admin may make someone else the owner of a contact.');
    }
  },
  namedReferences: { account_id: 'account', owner_id: 'profile' },
  /**
   * The references that change name what they must: the owner a member of the tenant (profiles
   * replica), the account one of the tenant the caller may open (accounts replica, locked until
   * commit). Every bad one is reported in one 400.
   */
  async linkReferences(db, caller, values, existing) {
    const errors: Record<string, string> = {};
    const owner = ownerToCheck(contactKind, caller, values, existing);
    if (owner !== undefined && !(await profileBelongsToTenant(db, caller.tenantId, owner))) errors.owner_id = NOT_A_MEMBER;
    const account = values.account_id;
    const refusedAccount = account !== null && account !== existing?.account_id && (await refusedIds(db, heldAccountsOf, caller, [account])).size > 0;
    if (refusedAccount) errors.account_id = UNKNOWN_ACCOUNT;
    // An account a lead conversion is still making is asked about before the 400 (`answerRefusals`).
    if (Object.keys(errors).length > 0) throw new RefusedReferencesError(errors, refusedAccount ? [account] : []);
    return values;
  },
  /** The accounts a batch of new contacts names, in the replica and openable by the caller: one lookup (locked until commit). */
  async checkNew(db, caller, rows) {
    const named = rows.flatMap((row) => row.values.account_id ?? []);
    const unknown = await refusedIds(db, heldAccountsOf, caller, named);
    for (const row of rows) {
      if (!row.values.account_id || !unknown.has(row.values.account_id)) continue;
      row.errors.account_id = UNKNOWN_ACCOUNT;
      row.refusedMaybeHandedOut.push(row.values.account_id);
    }
  },
  views: contactViews,
  asSeenBy: contactsAsSeenBy,
  filters(filter, query) {
    filter.where('account_id = ?', query.account);
  },
};
