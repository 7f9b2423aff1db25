import { ACCOUNTS } from '../accounts/accounts.repository';
import { entityCustomFields } from '@crm/records';
import { OPPORTUNITIES } from '../opportunities/opportunities.repository';
import type { KnownReference } from '../records/known-references';
import { serviceKind } from '../records/service-kind';
import { ReferenceCheck } from '../records/record-references';
import { taskViews, type TaskView } from './task-view';
import { TASKS, type TaskValues } from './tasks.repository';
import type { TaskListQuery } from './tasks.schemas';

const TASK_KNOWN_REFERENCES: readonly KnownReference<TaskValues>[] = [
  { column: 'contact_id', type: 'contact' },
  { column: 'lead_id', type: 'lead' },
];

/**
 * Tasks (api-contract §3): a title, a status and a priority, a due date, and what the task is about: a lead,
 * a contact, an account, an opportunity (each optional). Accounts and opportunities live here;
 * contacts and leads are checked against the replica of their services' events.
 */
export const taskKind = serviceKind<TaskValues, TaskView, TaskListQuery, 'title'>({
  entity: 'task',
  table: TASKS,
  customFields: entityCustomFields({ entity: 'task', basePath: '/api/tasks/custom-fields/', recordTable: TASKS.name }),
  required: ['title'],
  defaults: (owner) => ({
    status: 'open',
    priority: 'normal',
    due_date: null,
    lead_id: null,
    contact_id: null,
    account_id: null,
    opportunity_id: null,
    assigned_to: owner,
    tags: [],
    custom_fields: {},
  }),
  knownReferences: TASK_KNOWN_REFERENCES,
  async checkReferences(db, caller, values, existing) {
    const check = new ReferenceCheck(db, caller);
    await check.inSchema('account_id', 'account', ACCOUNTS, values.account_id, existing?.account_id);
    await check.inSchema('opportunity_id', 'opportunity', OPPORTUNITIES, values.opportunity_id, existing?.opportunity_id);
    await check.knownReferences(TASK_KNOWN_REFERENCES, values, existing);
    check.done();
  },
  views: taskViews,
  filters(filter, query) {
    filter
      .where('status = ANY(?::text[])', query.status)
      .where('priority = ANY(?::text[])', query.priority)
      .where('lead_id = ?', query.lead)
      .where('contact_id = ?', query.contact)
      .where('account_id = ?', query.account)
      .where('opportunity_id = ?', query.opportunity)
      .where('due_date >= ?::date', query.due_date__gte)
      .where('due_date <= ?::date', query.due_date__lte);
  },
});
