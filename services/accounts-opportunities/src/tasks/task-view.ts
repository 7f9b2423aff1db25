import { ownedView, ownersOf, type Db, type OwnedView } from '@crm/shared';
import { TASKS, type TaskRecord } from './tasks.repository';

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

export async function taskViews(db: Db, tenantId: string, tasks: TaskRecord[]): Promise<TaskView[]> {
  const owners = await ownersOf(db, TASKS, tenantId, tasks);
  return tasks.map((task) => {
    const { values } = task;
    return {
      id: task.id,
      title: values.title,
      status: values.status,
      priority: values.priority,
      due_date: values.due_date,
      lead_id: values.lead_id,
      contact_id: values.contact_id,
      account_id: values.account_id,
      opportunity_id: values.opportunity_id,
      ...ownedView(task, owners.get(values.assigned_to)!),
    };
  });
}
