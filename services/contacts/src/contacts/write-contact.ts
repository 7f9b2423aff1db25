import { randomUUID } from 'node:crypto';
import {
  enqueueEvents,
  loadDefinitions,
  NOT_A_MEMBER,
  profileBelongsToTenant,
  profilesNotInTenant,
  recordChangedEvent,
  requireSalesAccess,
  requireValidCustomFieldValues,
  sameValues,
  ValidationError,
  type Caller,
  type CustomFieldRule,
  type Db,
  type EntityManager,
  type PreparedRow,
} from '@crm/shared';
import { accountsNotInTenant, lockAccountOfTenant } from '../accounts/account-replica';
import type { ContactsDeps } from '../contacts-deps';
import { contactCustomFields } from '../custom-fields/contact-custom-fields';
import { openContact } from './contact-access';
import { actorOf, emitContactChanged, SERVICE_NAME } from './contact-events';
import { contactViewOf, contactViews, type ContactView } from './contact-view';
import { checkOwnerChange, contactValuesFor, type WriteMode } from './contact-values';
import { insertContacts, updateContact, type ContactRecord, type ContactValues } from './contacts.repository';
import type { ContactInput } from './contacts.schemas';

const UNKNOWN_ACCOUNT = 'No account of this organisation has this id.';

/**
 * The references of `values` that differ from `current` name what they must: the owner a member of
 * the tenant (profiles replica), the account an account of the tenant (accounts replica, locked until
 * commit). Every bad one is reported in one 400.
 */
async function checkReferences(db: Db, tenantId: string, values: ContactValues, current: Partial<ContactValues>): Promise<void> {
  const errors: Record<string, string> = {};
  if (values.ownerId !== current.ownerId && !(await profileBelongsToTenant(db, tenantId, values.ownerId))) {
    errors.owner_id = NOT_A_MEMBER;
  }
  if (values.accountId !== null && values.accountId !== current.accountId && !(await lockAccountOfTenant(db, tenantId, values.accountId))) {
    errors.account_id = UNKNOWN_ACCOUNT;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Every rule of a create, for many bodies at once (an import; a POST is a batch of one), with one query
 * per lookup whatever the number: the owner change (403), the name rule, the custom fields against
 * `definitions`, the owners in the tenant and the accounts in the replica (locked until commit). One
 * answer per input, in order.
 */
export async function prepareNewContacts(
  manager: EntityManager,
  caller: Caller,
  inputs: readonly ContactInput[],
  definitions: readonly CustomFieldRule[],
): Promise<PreparedRow<ContactValues>[]> {
  requireSalesAccess(caller);
  const prepared = inputs.map((input): PreparedRow<ContactValues> => {
    try {
      checkOwnerChange(caller, input, undefined);
      const values = contactValuesFor('create', caller, input, undefined);
      values.customFields = requireValidCustomFieldValues(input.custom_fields, definitions, 'create');
      return { ok: true, values };
    } catch (error) {
      return { ok: false, error };
    }
  });
  const valid = prepared.flatMap((result) => (result.ok ? [result.values] : []));
  const strangers = await profilesNotInTenant(manager, caller.tenantId, valid.map((values) => values.ownerId).filter((id) => id !== caller.profileId));
  const unknownAccounts = await accountsNotInTenant(manager, caller.tenantId, valid.flatMap((values) => (values.accountId ? [values.accountId] : [])));
  return prepared.map((result) => {
    if (!result.ok) return result;
    const errors: Record<string, string> = {};
    if (strangers.has(result.values.ownerId)) errors.owner_id = NOT_A_MEMBER;
    if (result.values.accountId && unknownAccounts.has(result.values.accountId)) errors.account_id = UNKNOWN_ACCOUNT;
    return Object.keys(errors).length > 0 ? { ok: false, error: new ValidationError(errors) } : result;
  });
}

/** Inserts prepared contacts and announces each (`contact.created`); answers their views. */
export async function storeNewContacts(manager: EntityManager, caller: Caller, contacts: readonly ContactValues[], now: Date): Promise<ContactView[]> {
  const records = await insertContacts(
    manager,
    contacts.map((values) => ({ ...values, id: randomUUID(), tenantId: caller.tenantId, createdBy: caller.profileId, now })),
  );
  const views = await contactViews(manager, caller.tenantId, records);
  await enqueueEvents(
    manager,
    records.map((contact, index) =>
      recordChangedEvent({ source: SERVICE_NAME, type: 'contact.created', actor: actorOf(caller), record: contact, view: views[index]! }),
    ),
  );
  return views;
}

/** POST: a new contact owned by the caller (or, for an admin, by `owner_id`). */
export async function createContact(deps: ContactsDeps, caller: Caller, input: ContactInput): Promise<ContactView> {
  return deps.dataSource.transaction(async (manager) => {
    const definitions = await loadDefinitions(manager, caller.tenantId, contactCustomFields.entity, { lockAgainstDelete: true });
    const [prepared] = await prepareNewContacts(manager, caller, [input], definitions);
    if (!prepared!.ok) throw prepared!.error;
    const [view] = await storeNewContacts(manager, caller, [prepared!.values], deps.clock());
    return view!;
  });
}

/** PUT (`replace`) or PATCH (`patch`) of a contact the caller may open; a change that changes nothing emits nothing. */
export async function changeContact(
  deps: ContactsDeps,
  caller: Caller,
  id: string,
  mode: Exclude<WriteMode, 'create'>,
  input: ContactInput,
): Promise<ContactView> {
  return deps.dataSource.transaction(async (manager) => {
    const existing = await openContact(manager, caller, id, true);
    checkOwnerChange(caller, input, existing.ownerId);
    const values = contactValuesFor(mode, caller, input, existing);
    values.customFields =
      mode === 'patch' && input.custom_fields === undefined
        ? existing.customFields
        : await contactCustomFields.validValues(manager, caller.tenantId, mode, input.custom_fields, existing.customFields);
    await checkReferences(manager, caller.tenantId, values, existing);
    if (sameValues(values, existing as ContactValues)) return contactViewOf(manager, existing);
    const contact = await updateContact(manager, id, values, deps.clock());
    return publishChange(manager, 'contact.updated', caller, contact);
  });
}

async function publishChange(
  manager: EntityManager,
  type: 'contact.created' | 'contact.updated',
  caller: Caller,
  contact: ContactRecord,
): Promise<ContactView> {
  const view = await contactViewOf(manager, contact);
  await emitContactChanged(manager, type, actorOf(caller), view, contact.version);
  return view;
}
