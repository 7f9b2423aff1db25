import { mergeOperations, mergeRoutes, ValidationError, type MergeableEntity } from '@crm/shared';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { openLead, type OpenedLead } from '../leads/lead-access';
import { emitLeadChanged, SERVICE_NAME } from '../leads/lead-events';
import { leadViewOf, type LeadView } from '../leads/lead-view';
import { deleteLead, updateLead } from '../leads/leads.repository';

const CONVERTED = 'A converted lead cannot be merged.';

/**
 * A lead merge (api-contract §6): the keeper's values, status, board position and
 * owner win; blanks are filled by group (the name as first and last name together, the amount with its
 * currency); a converted lead on either side is a 400. Notes and files move here; tasks, opportunities
 * and contact links move in their services on `lead.merged`.
 */
export const leadMerge: MergeableEntity<OpenedLead, LeadView> = {
  entity: 'lead',
  source: SERVICE_NAME,
  openForUpdate: (manager, caller, id) => openLead(manager, caller, id, true),
  check(keeper, merged) {
    if (keeper.status === 'converted') throw new ValidationError({ non_field_errors: CONVERTED });
    if (merged.status === 'converted') throw ValidationError.field('merge_id', CONVERTED);
  },
  fillGroups: [
    { fields: ['firstName', 'lastName'] },
    { fields: ['title'] },
    { fields: ['email'] },
    { fields: ['phone'] },
    { fields: ['companyName'] },
    { fields: ['source'] },
    { fields: ['opportunityAmount'], with: ['currency'] },
  ],
  keptAsIs: ['status', 'boardPosition', 'assignedTo'],
  update: async (manager, id, values, now) => {
    const lead = await updateLead(manager, id, values, now);
    return { ...lead, ownerId: lead.assignedTo };
  },
  view: leadViewOf,
  emitUpdated: (manager, caller, view, version) => emitLeadChanged(manager, 'lead.updated', caller, view, version),
  remove: deleteLead,
  owners: (lead) => [lead.assignedTo],
};

/** `POST /api/leads/<keeper_id>/merge/`. */
export const leadMergeRoutes = (deps: LeadsDeps): Router =>
  mergeRoutes({ basePath: '/api/leads/', dataSource: deps.dataSource, entity: leadMerge, clock: deps.clock });

export const leadMergeOperation = mergeOperations({ basePath: '/api/leads/', tag: 'Leads', noun: 'lead' });
