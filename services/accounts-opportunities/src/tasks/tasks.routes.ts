import type { Router } from 'express';
import type { ServiceContext } from '../config';
import { recordRoutes } from '../records/record-routes';
import { taskKind } from './tasks.domain';
import { taskBody, taskListQuery } from './tasks.schemas';

/** `/api/tasks/`, `/api/tasks/<id>/` and `/api/tasks/custom-fields/`. */
export const tasksRoutes = (context: ServiceContext): Router =>
  recordRoutes(context, taskKind, { basePath: '/api/tasks/', body: taskBody, listQuery: taskListQuery });
