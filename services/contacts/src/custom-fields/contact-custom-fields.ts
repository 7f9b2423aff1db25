import { entityCustomFields } from '@crm/records';

/** The tenant's contact custom fields: `/api/contacts/custom-fields/`, values checked on write, `cf_<key>` list filters. */
export const contactCustomFields = entityCustomFields({ entity: 'contact', basePath: '/api/contacts/custom-fields/', recordTable: 'contacts' });
