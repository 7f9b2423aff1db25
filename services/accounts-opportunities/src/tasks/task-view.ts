import { recordViews, type ColumnsView, type Db } from '@crm/shared';
import { TASKS, type TaskRecord, type TaskValues } from './tasks.repository';

/** A task as the API shows it (api-contract §5): its values under their names. */
export type TaskView = ColumnsView<TaskValues>;

export const taskViews = (db: Db, tenantId: string, tasks: TaskRecord[]): Promise<TaskView[]> => recordViews<TaskValues, TaskView>(db, TASKS, tenantId, tasks);
