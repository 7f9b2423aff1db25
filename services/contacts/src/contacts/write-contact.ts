import { randomUUID } from 'node:crypto';
import { profileBelongsToTenant, requireSalesAccess, sameValues, ValidationError, type Caller, type Db, type EntityManager } from '@crm/shared';
import { lockAccountOfTenant } from '../accounts/account-replica';
import type { ContactsDeps } from '../contacts-deps';
import { contactCustomFields } from '../custom-fields/contact-custom-fields';
import { openContact } from './contact-access';
import { actorOf, emitContactChanged } from './contact-events';
import { contactViewOf, type ContactView } from './contact-view';
import { checkOwnerChange, contactValuesFor, type WriteMode } from './contact-values';
import { insertContact, updateContact, type ContactRecord, type ContactValues } from './contacts.repository';
import type { ContactInput } from './contacts.schemas';

/**
 * The references of `values` that differ from `current` name what they must: the owner a member of
 * the tenant (profiles replica), the account an account of the tenant (accounts replica, locked until
 * commit). Every bad one is reported in one 400.
 */
async function checkReferences(db: Db, tenantId: string, values: ContactValues, current: Partial<ContactValues>): Promise<void> {
  const errors: Record<string, string> = {};
  if (values.ownerId !== current.ownerId && !(await profileBelongsToTenant(db, tenantId, values.ownerId))) {
    errors.owner_id = 'No member of this organisation has this id.';
  }
  if (values.accountId !== null && values.accountId !== current.accountId && !(await lockAccountOfTenant(db, tenantId, values.accountId))) {
    errors.account_id = 'No account of this organisation has this id.';
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** POST: a new contact owned by the caller (or, for an admin, by `owner_id`). */
export async function createContact(deps: ContactsDeps, caller: Caller, input: ContactInput): Promise<ContactView> {
  requireSalesAccess(caller);
  checkOwnerChange(caller, input, undefined);
  const values = contactValuesFor('create', caller, input, undefined);
  return deps.dataSource.transaction(async (manager) => {
    values.customFields = await contactCustomFields.validValues(manager, caller.tenantId, 'create', input.custom_fields, {});
    await checkReferences(manager, caller.tenantId, values, { ownerId: caller.profileId, accountId: null });
    const contact = await insertContact(manager, {
      ...values,
      id: randomUUID(),
      tenantId: caller.tenantId,
      createdBy: caller.profileId,
      now: deps.clock(),
    });
    return publishChange(manager, 'contact.created', caller, contact);
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

/** Custom fields compare as objects (their key order is not data); tags as lists. */
