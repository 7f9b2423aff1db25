import { entityCustomFields } from '@crm/records';

/** The tenant's lead custom fields: `/api/leads/custom-fields/`, values checked on write, `cf_<key>` list filters. */
export const leadCustomFields = entityCustomFields({ entity: 'lead', basePath: '/api/leads/custom-fields/', recordTable: 'leads' });
