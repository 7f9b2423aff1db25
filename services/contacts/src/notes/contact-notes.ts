import { recordNotesOperations, recordNotesRoutes } from '@crm/shared';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { openContact } from '../contacts/contact-access';
import { CONTACT_RECORD_TYPE } from '../contacts/delete-contact';

/** `/api/contacts/<id>/notes/` and `/api/contacts/<id>/attachments/`: only on a contact the caller may open. */
export function contactNotesRoutes(deps: ContactsDeps): Router {
  return recordNotesRoutes({
    dataSource: deps.dataSource,
    recordType: CONTACT_RECORD_TYPE,
    basePath: '/api/contacts',
    openRecord: async (caller, recordId, db, lock) => {
      await openContact(db, caller, recordId, lock);
    },
    clock: deps.clock,
  });
}

export const contactNotesOperations = recordNotesOperations({ basePath: '/api/contacts', tag: 'Contacts', noun: 'contact' });
