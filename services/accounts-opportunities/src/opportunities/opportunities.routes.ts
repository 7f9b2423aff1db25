import type { Router } from 'express';
import type { ServiceContext } from '../config';
import { recordRoutes } from '../records/record-routes';
import { opportunityKind } from './opportunities.domain';
import { opportunityBody, opportunityListQuery } from './opportunities.schemas';

/** `/api/opportunities/`, `/api/opportunities/<id>/` and `/api/opportunities/custom-fields/`. */
export const opportunitiesRoutes = (context: ServiceContext): Router =>
  recordRoutes(context, opportunityKind, { basePath: '/api/opportunities/', body: opportunityBody, listQuery: opportunityListQuery });
