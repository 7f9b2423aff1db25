import { type Caller } from '@crm/platform';
import { createOneRecord, recordCreation, type RecordImporter } from '@crm/records';
import type { ContactsDeps } from '../contacts-deps';
import { CONTACT_COLUMNS } from '../import-export/contact-columns';
import { contactKind } from './contact-kind';
import type { ContactView } from './contact-view';
import type { ContactValues } from './contacts.repository';
import { contactBody, type ContactInput } from './contacts.schemas';

/** How contacts are created, by a POST (a batch of one) or an import: the shared rules and the contact's own (`contactKind`). */
export const contactCreation = (deps: ContactsDeps): RecordImporter<ContactInput, ContactValues, ContactView> =>
  recordCreation(deps, contactKind, { columns: CONTACT_COLUMNS, body: contactBody });

/** POST: a new contact owned by the caller (or, for an admin, by `owner_id`). */
export const createContact = (deps: ContactsDeps, caller: Caller, input: ContactInput): Promise<ContactView> =>
  createOneRecord(deps.dataSource, contactCreation(deps), caller, input);
