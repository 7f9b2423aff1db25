import { lookupRoutes, recordEventData, type DataSource } from '@crm/shared';
import { leadViews } from './lead-view';
import { findLeads } from './leads.repository';

/** The owner's lookup of leads (DESIGN §1), for another service's replica behind its events. */
export const leadLookupRoutes = (dataSource: DataSource) =>
  lookupRoutes({
    type: 'lead',
    dataSource,
    async find(db, tenantId, ids) {
      const leads = await findLeads(db, tenantId, ids);
      const views = await leadViews(db, tenantId, leads);
      return leads.map((lead, index) => recordEventData(views[index]!, lead.version));
    },
  });
