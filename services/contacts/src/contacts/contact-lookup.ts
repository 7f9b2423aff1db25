import { lookupRoutes, recordEventData, type DataSource } from '@crm/shared';
import { contactViews } from './contact-view';
import { findContacts } from './contacts.repository';

/** The owner's lookup of contacts (DESIGN §1), for another service's replica behind its events. */
export const contactLookupRoutes = (dataSource: DataSource) =>
  lookupRoutes({
    type: 'contact',
    dataSource,
    async find(db, tenantId, ids) {
      const contacts = await findContacts(db, tenantId, ids);
      const views = await contactViews(db, tenantId, contacts);
      return contacts.map((contact, index) => recordEventData(views[index]!, contact.version));
    },
  });
