import { type Db } from '@crm/platform';
import { dateSchema, idSchema, recordViewSchema, recordViews, type ColumnsView } from '@crm/records';
import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from './tasks.schemas';
import { TASKS, type TaskRecord, type TaskValues } from './tasks.repository';

/** A task as the API shows it (api-contract §3): its values under their names. */
export type TaskView = ColumnsView<TaskValues>;

/** `TaskView` as the API documents it. */
export const taskViewSchema = recordViewSchema({
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  due_date: dateSchema.nullable(),
  lead_id: idSchema.nullable(),
  contact_id: idSchema.nullable(),
  account_id: idSchema.nullable(),
  opportunity_id: idSchema.nullable(),
});

export const taskViews = (db: Db, tenantId: string, tasks: TaskRecord[]): Promise<TaskView[]> => recordViews<TaskValues, TaskView>(db, TASKS, tenantId, tasks);
