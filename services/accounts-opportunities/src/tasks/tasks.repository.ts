import type { AssignedValues, RecordTable, StoredRecord } from '@crm/records';
import type { TaskOrderingField, TaskPriority, TaskStatus } from './tasks.schemas';

/** A task's values, named as the API and the columns name them. */
export interface TaskValues extends AssignedValues {
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** `YYYY-MM-DD`. */
  due_date: string | null;
  lead_id: string | null;
  contact_id: string | null;
  account_id: string | null;
  opportunity_id: string | null;
}

export type TaskRecord = StoredRecord<TaskValues>;

export const TASKS: RecordTable<TaskValues, TaskOrderingField> = {
  name: 'tasks',
  owner: 'assigned_to',
  columns: ['title', 'status', 'priority', 'due_date', 'lead_id', 'contact_id', 'account_id', 'opportunity_id', 'assigned_to', 'tags', 'custom_fields'],
  readAs: { due_date: `to_char(due_date, 'YYYY-MM-DD')` },
  orderColumns: {
    created_at: 'created_at',
    updated_at: 'updated_at',
    due_date: 'due_date',
    priority: 'priority_rank',
    status: 'status_rank',
    title: 'title',
  },
  totals: true,
};
