import { randomUUID } from 'node:crypto';
import {
  createOneRecord,
  enqueueRecordsCreated,
  NOT_A_MEMBER,
  prepareEach,
  profileBelongsToTenant,
  profilesNotInTenant,
  refusedIds,
  requireSalesAccess,
  requireValidCustomFieldValues,
  sameValues,
  ValidationError,
  type Caller,
  type CustomFieldRule,
  type Db,
  type EntityManager,
  type NamedReferences,
  type PreparedRow,
  type RecordImporter,
} from '@crm/shared';
import { accountReplica } from '../accounts/account-changes';
import type { ContactsDeps } from '../contacts-deps';
import { contactCustomFields } from '../custom-fields/contact-custom-fields';
import { openContact } from './contact-access';
import { actorOf, emitContactChanged, SERVICE_NAME } from './contact-events';
import { contactAsSeenBy, contactViewOf, contactViews, type ContactView } from './contact-view';
import { checkOwnerChange, contactValuesFor, type WriteMode } from './contact-values';
import { insertContacts, updateContact, type ContactRecord, type ContactValues } from './contacts.repository';
import { contactBody, type ContactInput } from './contacts.schemas';
import { CONTACT_COLUMNS } from '../import-export/contact-columns';

const UNKNOWN_ACCOUNT = 'No account of this organisation has this id.';

/** The fields of a contact's body naming records of other services (checked against the replicas). */
const CONTACT_REFERENCES: NamedReferences = { account_id: 'account', owner_id: 'profile' };

/** Makes the replicas vouch for what `bodies` name, before the write's transaction (`ReplicatedReferences`). */
const ensureReferences = (deps: ContactsDeps, caller: Caller, bodies: readonly object[]): Promise<void> =>
  deps.references.ensureNamedIn(caller, bodies, CONTACT_REFERENCES);

/**
 * The references of `values` that differ from `current` name what they must: the owner a member of
 * the tenant (profiles replica), the account one of the tenant the caller may open (accounts replica,
 * locked until commit). Every bad one is reported in one 400.
 */
async function checkReferences(db: Db, caller: Caller, values: ContactValues, current: Partial<ContactValues>): Promise<void> {
  const errors: Record<string, string> = {};
  if (values.ownerId !== current.ownerId && !(await profileBelongsToTenant(db, caller.tenantId, values.ownerId))) {
    errors.owner_id = NOT_A_MEMBER;
  }
  if (values.accountId !== null && values.accountId !== current.accountId && (await refusedIds(db, accountReplica, caller, [values.accountId])).size > 0) {
    errors.account_id = UNKNOWN_ACCOUNT;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Every rule of a create, for many bodies at once (an import; a POST is a batch of one), with one query
 * per lookup whatever the number: the owner change (403), the name rule, the custom fields against
 * `definitions`, the owners in the tenant and the accounts in the replica that the caller may open
 * (locked until commit). One answer per input, in order.
 */
export async function prepareNewContacts(
  manager: EntityManager,
  caller: Caller,
  inputs: readonly ContactInput[],
  definitions: readonly CustomFieldRule[],
): Promise<PreparedRow<ContactValues>[]> {
  requireSalesAccess(caller);
  const prepared = prepareEach(inputs, (input) => {
    checkOwnerChange(caller, input, undefined);
    const values = contactValuesFor('create', caller, input, undefined);
    values.customFields = requireValidCustomFieldValues(input.custom_fields, definitions, 'create');
    return values;
  });
  const valid = prepared.flatMap((result) => (result.ok ? [result.values] : []));
  const strangers = await profilesNotInTenant(manager, caller.tenantId, valid.map((values) => values.ownerId).filter((id) => id !== caller.profileId));
  const unknownAccounts = await refusedIds(manager, accountReplica, caller, valid.flatMap((values) => (values.accountId ? [values.accountId] : [])));
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
  await enqueueRecordsCreated(manager, { source: SERVICE_NAME, type: 'contact.created', actor: actorOf(caller), records, views });
  return views;
}

/** How contacts are created, by a POST (a batch of one) or an import: the rules of `prepareNewContacts`, stored by `storeNewContacts`. */
export const contactCreation = (deps: ContactsDeps): RecordImporter<ContactInput, ContactValues, ContactView> => ({
  customFieldEntity: contactCustomFields.entity,
  columns: CONTACT_COLUMNS,
  body: contactBody,
  ensureReferences: (caller, bodies) => ensureReferences(deps, caller, bodies),
  prepare: prepareNewContacts,
  create: (manager, caller, values) => storeNewContacts(manager, caller, values, deps.clock()),
});

/** POST: a new contact owned by the caller (or, for an admin, by `owner_id`). */
export const createContact = (deps: ContactsDeps, caller: Caller, input: ContactInput): Promise<ContactView> =>
  createOneRecord(deps.dataSource, contactCreation(deps), caller, input);

/** PUT (`replace`) or PATCH (`patch`) of a contact the caller may open; a change that changes nothing emits nothing. */
export async function changeContact(
  deps: ContactsDeps,
  caller: Caller,
  id: string,
  mode: Exclude<WriteMode, 'create'>,
  input: ContactInput,
): Promise<ContactView> {
  await ensureReferences(deps, caller, [input]);
  return deps.dataSource.transaction(async (manager) => {
    const existing = await openContact(manager, caller, id, true);
    checkOwnerChange(caller, input, existing.ownerId);
    const values = contactValuesFor(mode, caller, input, existing);
    values.customFields =
      mode === 'patch' && input.custom_fields === undefined
        ? existing.customFields
        : await contactCustomFields.validValues(manager, caller.tenantId, mode, input.custom_fields, existing.customFields);
    await checkReferences(manager, caller, values, existing);
    if (sameValues(values, existing as ContactValues)) return contactAsSeenBy(manager, caller, await contactViewOf(manager, existing));
    const contact = await updateContact(manager, id, values, deps.clock());
    return contactAsSeenBy(manager, caller, await publishChange(manager, 'contact.updated', caller, contact));
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
