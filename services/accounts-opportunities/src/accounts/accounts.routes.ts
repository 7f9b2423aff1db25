import { type ApiOperation } from '@crm/platform';
import { recordKindOperations, recordRoutes } from '@crm/records';
import type { Router } from 'express';
import type { ServiceContext } from '../config';
import { accountKind } from './accounts.domain';
import { accountBody, accountListQuery } from './accounts.schemas';
import { accountViewSchema } from './account-view';

const ACCOUNTS_SCHEMAS = { basePath: '/api/accounts/', body: accountBody, listQuery: accountListQuery, view: accountViewSchema };

/** `/api/accounts/`, `/api/accounts/<id>/` and `/api/accounts/custom-fields/`. */
export const accountsRoutes = (context: ServiceContext): Router => recordRoutes(context, accountKind, ACCOUNTS_SCHEMAS);

export const accountsOperations: ApiOperation[] = recordKindOperations(accountKind, ACCOUNTS_SCHEMAS, 'Accounts');
