import { recordNotesOperations, recordNotesRoutes } from '@crm/shared';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { openLead } from '../leads/lead-access';
import { LEAD_RECORD_TYPE } from '../leads/delete-lead';

/** `/api/leads/<id>/notes/` and `/api/leads/<id>/attachments/`: only on a lead the caller may open. */
export function leadNotesRoutes(deps: LeadsDeps): Router {
  return recordNotesRoutes({
    dataSource: deps.dataSource,
    recordType: LEAD_RECORD_TYPE,
    basePath: '/api/leads',
    openRecord: async (caller, recordId, db, lock) => {
      await openLead(db, caller, recordId, lock);
    },
  });
}

export const leadNotesOperations = recordNotesOperations({ basePath: '/api/leads', tag: 'Leads', noun: 'lead' });
