import { ValidationError } from '@crm/platform';
import { mergeOperations, mergeRoutes, type MergeableEntity } from '@crm/records';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { leadKind } from '../leads/lead-kind';
import { leadViewSchema, type LeadView } from '../leads/lead-view';
import type { LeadValues } from '../leads/leads.repository';
import { moveSubmissions } from '../submissions/submissions.repository';

const CONVERTED = 'A converted lead cannot be merged.';

/**
 * A lead merge (api-contract §4): the keeper's values, status, board position and
 * owner win; blanks are filled by group (the name as first and last name together, the amount with its
 * currency); a converted lead on either side is a 400. Notes, files and web form submissions move here;
 * tasks, opportunities and contact links move in their services on `lead.merged`.
 */
export const leadMerge: MergeableEntity<LeadValues, LeadView> = {
  kind: leadKind,
  check(keeper, merged) {
    if (keeper.status === 'converted') throw new ValidationError({ non_field_errors: CONVERTED });
    if (merged.status === 'converted') throw ValidationError.field('merge_id', CONVERTED);
  },
  fillGroups: [
    { fields: ['first_name', 'last_name'] },
    { fields: ['title'] },
    { fields: ['email'] },
    { fields: ['phone'] },
    { fields: ['company_name'] },
    { fields: ['source'] },
    { fields: ['opportunity_amount'], with: ['currency'] },
  ],
  keptAsIs: ['status', 'board_position', 'assigned_to'],
  /** The keeper's view does not show its submissions: moving them is no change of it. */
  async moveLinks(manager, tenantId, fromId, toId) {
    await moveSubmissions(manager, tenantId, fromId, toId);
    return false;
  },
};

/** `POST /api/leads/<keeper_id>/merge/`. */
export const leadMergeRoutes = (deps: LeadsDeps): Router =>
  mergeRoutes({ basePath: '/api/leads/', dataSource: deps.dataSource, entity: leadMerge, clock: deps.clock });

export const leadMergeOperation = mergeOperations({ basePath: '/api/leads/', tag: 'Leads', noun: 'lead', view: leadViewSchema });
