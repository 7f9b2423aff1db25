import { randomUUID } from 'node:crypto';
import {
  actorOf,
  checkOwnerChange,
  createOneRecord,
  ensureReferences,
  insertRecords,
  NOT_A_MEMBER,
  prepareEach,
  profilesNotInTenant,
  publishRecords,
  refusedIds,
  requireSalesAccess,
  requireValidCustomFieldValues,
  ValidationError,
  valuesForWrite,
  type Caller,
  type CustomFieldRule,
  type EntityManager,
  type PreparedRow,
  type RecordImporter,
} from '@crm/shared';
import { accountReplica } from '../accounts/account-changes';
import type { ContactsDeps } from '../contacts-deps';
import { CONTACT_COLUMNS } from '../import-export/contact-columns';
import { contactKind, UNKNOWN_ACCOUNT } from './contact-kind';
import type { ContactView } from './contact-view';
import { CONTACTS, type ContactValues } from './contacts.repository';
import { contactBody, type ContactInput } from './contacts.schemas';

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
    checkOwnerChange(contactKind, caller, input, undefined);
    const values = valuesForWrite(contactKind, 'create', caller, input, undefined);
    values.custom_fields = requireValidCustomFieldValues(input.custom_fields, definitions, 'create');
    return values;
  });
  const valid = prepared.flatMap((result) => (result.ok ? [result.values] : []));
  const strangers = await profilesNotInTenant(manager, caller.tenantId, valid.map((values) => values.owner_id).filter((id) => id !== caller.profileId));
  const unknownAccounts = await refusedIds(manager, accountReplica, caller, valid.flatMap((values) => (values.account_id ? [values.account_id] : [])));
  return prepared.map((result) => {
    if (!result.ok) return result;
    const errors: Record<string, string> = {};
    if (strangers.has(result.values.owner_id)) errors.owner_id = NOT_A_MEMBER;
    if (result.values.account_id && unknownAccounts.has(result.values.account_id)) errors.account_id = UNKNOWN_ACCOUNT;
    return Object.keys(errors).length > 0 ? { ok: false, error: new ValidationError(errors) } : result;
  });
}

/** Inserts prepared contacts and announces each (`contact.created`); answers their views. */
export async function storeNewContacts(manager: EntityManager, caller: Caller, contacts: readonly ContactValues[], now: Date): Promise<ContactView[]> {
  const records = await insertRecords(
    manager,
    CONTACTS,
    contacts.map((values) => ({ values, id: randomUUID(), tenantId: caller.tenantId, createdBy: caller.profileId, now })),
  );
  return publishRecords(manager, contactKind, 'created', actorOf(caller), records);
}

/** How contacts are created, by a POST (a batch of one) or an import: the rules of `prepareNewContacts`, stored by `storeNewContacts`. */
export const contactCreation = (deps: ContactsDeps): RecordImporter<ContactInput, ContactValues, ContactView> => ({
  customFieldEntity: contactKind.entity,
  columns: CONTACT_COLUMNS,
  body: contactBody,
  ensureReferences: (caller, bodies) => ensureReferences(deps, contactKind, caller, bodies),
  prepare: prepareNewContacts,
  create: (manager, caller, values) => storeNewContacts(manager, caller, values, deps.clock()),
});

/** POST: a new contact owned by the caller (or, for an admin, by `owner_id`). */
export const createContact = (deps: ContactsDeps, caller: Caller, input: ContactInput): Promise<ContactView> =>
  createOneRecord(deps.dataSource, contactCreation(deps), caller, input);
