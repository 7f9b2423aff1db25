import { recordViews, type Db, type OwnedView } from '@crm/shared';
import { TASKS, type TaskRecord, type TaskValues } from './tasks.repository';

/** A task as the API shows it (api-contract §5). */
export interface TaskView extends OwnedView {
  id: string;
  title: string;
  status: string;
  priority: string;
  due_date: string | null;
  lead_id: string | null;
  contact_id: string | null;
  account_id: string | null;
  opportunity_id: string | null;
}

export const taskViews = (db: Db, tenantId: string, tasks: TaskRecord[]): Promise<TaskView[]> => recordViews<TaskValues, TaskView>(db, TASKS, tenantId, tasks);
