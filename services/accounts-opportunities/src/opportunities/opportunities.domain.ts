import { ACCOUNTS } from '../accounts/accounts.repository';
import { changeReferenceHoldersOf, entityCustomFields, publishRecords } from '@crm/records';
import type { KnownReference } from '../records/known-references';
import { serviceKind } from '../records/service-kind';
import { ReferenceCheck } from '../records/record-references';
import { TASKS } from '../tasks/tasks.repository';
import { taskKind } from '../tasks/tasks.domain';
import { OPPORTUNITIES, opportunityDefaults, type OpportunityValues } from './opportunities.repository';
import type { OpportunityListQuery } from './opportunities.schemas';
import { opportunitiesAsSeenBy, opportunityViews, type OpportunityView } from './opportunity-view';

/** `lead_id` is written by conversion only (a client's PUT keeps it, so it is never checked as a change). */
const OPPORTUNITY_KNOWN_REFERENCES: readonly KnownReference<OpportunityValues>[] = [
  { column: 'contact_ids', type: 'contact', list: true },
  { column: 'lead_id', type: 'lead' },
];

/**
 * Opportunities (api-contract §3): a deal with an amount, a stage and a close date, for an account of the
 * tenant, with the contacts involved (checked against the contacts replica). `lead_id` is set by lead
 * conversion only and kept by a PUT.
 */
export const opportunityKind = serviceKind<OpportunityValues, OpportunityView, OpportunityListQuery, 'name'>({
  entity: 'opportunity',
  table: OPPORTUNITIES,
  customFields: entityCustomFields({ entity: 'opportunity', basePath: '/api/opportunities/custom-fields/', recordTable: OPPORTUNITIES.name }),
  required: ['name'],
  defaults: (owner, existing) => opportunityDefaults(owner, existing?.lead_id ?? null),
  knownReferences: OPPORTUNITY_KNOWN_REFERENCES,
  async checkReferences(db, caller, values, existing) {
    const check = new ReferenceCheck(db, caller);
    await check.inSchema('account_id', 'account', ACCOUNTS, values.account_id, existing?.account_id);
    await check.knownReferences(OPPORTUNITY_KNOWN_REFERENCES, values, existing);
    check.done();
  },
  views: opportunityViews,
  asSeenBy: opportunitiesAsSeenBy,
  filters(filter, query) {
    filter.where('stage = ANY(?::text[])', query.stage).where('account_id = ?', query.account);
  },
  /** Its tasks stay, no longer about it: each `opportunity_id` cleared as a change of the task (`task.updated`). */
  async beforeDelete(manager, context, opportunity) {
    const tasks = await changeReferenceHoldersOf(manager, TASKS, 'opportunity_id', opportunity.tenantId, opportunity.id, context.now, 'clear');
    await publishRecords(manager, taskKind, 'updated', context.actor, tasks);
  },
});
