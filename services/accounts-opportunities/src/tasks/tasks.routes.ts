import { type ApiOperation } from '@crm/platform';
import { recordKindOperations, recordRoutes } from '@crm/records';
import type { Router } from 'express';
import type { ServiceContext } from '../config';
import { taskKind } from './tasks.domain';
import { taskBody, taskListQuery } from './tasks.schemas';
import { taskViewSchema } from './task-view';

const TASKS_SCHEMAS = { basePath: '/api/tasks/', body: taskBody, listQuery: taskListQuery, view: taskViewSchema };

/** `/api/tasks/`, `/api/tasks/<id>/` and `/api/tasks/custom-fields/`. */
export const tasksRoutes = (context: ServiceContext): Router => recordRoutes(context, taskKind, TASKS_SCHEMAS);

export const tasksOperations: ApiOperation[] = recordKindOperations(taskKind, TASKS_SCHEMAS, 'Tasks');
