import type { Router } from 'express';
import type { ServiceContext } from '../config';
import { recordRoutes } from '../records/record-routes';
import { accountKind } from './accounts.domain';
import { accountBody, accountListQuery } from './accounts.schemas';

/** `/api/accounts/`, `/api/accounts/<id>/` and `/api/accounts/custom-fields/`. */
export const accountsRoutes = (context: ServiceContext): Router =>
  recordRoutes(context, accountKind, { basePath: '/api/accounts/', body: accountBody, listQuery: accountListQuery });
