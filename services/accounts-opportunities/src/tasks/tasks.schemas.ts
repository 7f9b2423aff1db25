import { tagsField, uuidParam } from '@crm/platform';
import { choice, choicesFilter, COMMON_SERVER_FIELDS, dateBound, listQuery, NAME_MAX, optionalDate, optionalReference, recordBody, requiredText } from '@crm/records';
import { z } from 'zod';

export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** Fields a client writes (api-contract §3); `title` is required on POST and PUT. */
const writableTaskFields = {
  title: requiredText(NAME_MAX),
  status: choice(TASK_STATUSES),
  priority: choice(TASK_PRIORITIES),
  due_date: optionalDate,
  lead_id: optionalReference,
  contact_id: optionalReference,
  account_id: optionalReference,
  opportunity_id: optionalReference,
  tags: tagsField,
  custom_fields: z.unknown(),
  assigned_to_id: uuidParam,
};

export const taskBody = recordBody(writableTaskFields, COMMON_SERVER_FIELDS);

export const TASK_ORDERING_FIELDS = ['created_at', 'updated_at', 'due_date', 'priority', 'status', 'title'] as const;
export type TaskOrderingField = (typeof TASK_ORDERING_FIELDS)[number];

/**
 * `status`, `priority` (any of, comma-separated); `lead`, `contact`, `account`, `opportunity` (an id);
 * `due_date__gte/lte` (`YYYY-MM-DD`); `search` matches the title.
 */
export const taskListQuery = listQuery(
  {
    status: choicesFilter(TASK_STATUSES).optional(),
    priority: choicesFilter(TASK_PRIORITIES).optional(),
    lead: uuidParam.optional(),
    contact: uuidParam.optional(),
    account: uuidParam.optional(),
    opportunity: uuidParam.optional(),
    due_date__gte: dateBound.optional(),
    due_date__lte: dateBound.optional(),
  },
  TASK_ORDERING_FIELDS,
);
export type TaskListQuery = z.output<typeof taskListQuery>;
