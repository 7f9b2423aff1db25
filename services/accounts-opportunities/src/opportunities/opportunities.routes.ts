import { type ApiOperation } from '@crm/platform';
import { recordKindOperations, recordRoutes } from '@crm/records';
import type { Router } from 'express';
import type { ServiceContext } from '../config';
import { opportunityKind } from './opportunities.domain';
import { opportunityBody, opportunityListQuery } from './opportunities.schemas';
import { opportunityViewSchema } from './opportunity-view';

const OPPORTUNITIES_SCHEMAS = { basePath: '/api/opportunities/', body: opportunityBody, listQuery: opportunityListQuery, view: opportunityViewSchema };

/** `/api/opportunities/`, `/api/opportunities/<id>/` and `/api/opportunities/custom-fields/`. */
export const opportunitiesRoutes = (context: ServiceContext): Router => recordRoutes(context, opportunityKind, OPPORTUNITIES_SCHEMAS);

export const opportunitiesOperations: ApiOperation[] = recordKindOperations(opportunityKind, OPPORTUNITIES_SCHEMAS, 'Opportunities');
