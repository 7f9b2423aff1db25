import { Router } from 'express';
import { pageSchema } from '../openapi';
import { type ApiOperation } from '@crm/platform';
import { customFieldDefinitionSchema } from './custom-field-definition';
import { callerOf, hasSalesAccess, isAdmin, type Caller } from '@crm/platform';
import type { DataSource } from '@crm/platform';
import { ForbiddenError } from '@crm/platform';
import { answerCreated, inPostedCollection } from '@crm/platform';
import { idParam } from '@crm/platform';
import { pageEnvelope, pageRequest } from '@crm/platform';
import { parseBody, parseQuery } from '@crm/platform';
import { assertSqlIdentifier } from './custom-fields.repository';
import { createCustomFieldBody, listCustomFieldsQuery, updateCustomFieldBody } from './custom-fields.schemas';
import { changeCustomField, createCustomField, deleteCustomField, listCustomFields, requireCustomField } from './manage-custom-fields';
import { customFieldsCounter, type TenantQuotas } from '../quotas/tenant-quotas';

export interface CustomFieldRoutesOptions {
  dataSource: DataSource;
  /** The entity the definitions belong to, as stored in `custom_field_definitions.entity` (its kind's `entity`). */
  entity: string;
  /** Ends with a slash, e.g. `/api/<entity>/custom-fields/`; an entry lives at `<basePath><id>/`. */
  basePath: string;
  /** The entity's table (in the service's schema), with `tenant_id` and `custom_fields jsonb`. */
  recordTable: string;
  /** Who may use the entity at all (others: 403 on every route). Default: admins and members with sales access. */
  canUseEntity?: (caller: Caller) => boolean;
  clock?: () => Date;
  /** The tenants' quotas: a definition past the tenant's `custom_fields` (per entity) is a 403. */
  quotas: TenantQuotas;
}

export const ADMIN_ONLY = 'Only an admin may manage custom fields.';

/**
 * `GET|POST <basePath>` and `PATCH|DELETE <basePath><id>/` (api-contract §3). Anyone who may use the entity
 * reads the definitions (a form needs them); only admins change them. Mount before the entity's
 * `<id>/` routes, so `custom-fields` is never read as a record id.
 */
export function customFieldRoutes(options: CustomFieldRoutesOptions): Router {
  const { dataSource, entity, basePath, recordTable } = options;
  if (!basePath.startsWith('/') || !basePath.endsWith('/')) throw new Error(`basePath must start and end with "/": ${basePath}`);
  assertSqlIdentifier(recordTable); // fail at start, not at the first DELETE
  const canUseEntity = options.canUseEntity ?? hasSalesAccess;
  const clock = options.clock ?? (() => new Date());
  const counter = customFieldsCounter(entity, recordTable);

  const reader = (caller: Caller): Caller => {
    if (!canUseEntity(caller)) throw new ForbiddenError();
    return caller;
  };
  const admin = (caller: Caller): Caller => {
    if (!canUseEntity(caller) || !isAdmin(caller)) throw new ForbiddenError(ADMIN_ONLY);
    return caller;
  };
  const scopeOf = (caller: Caller) => ({ tenantId: caller.tenantId, entity });

  const router = Router();
  router.get(basePath, async (req, res) => {
    const caller = reader(callerOf(req));
    const page = pageRequest(req, parseQuery(req, listCustomFieldsQuery));
    res.json(pageEnvelope(req, page, await listCustomFields(dataSource, scopeOf(caller), page)));
  });
  router.post(basePath, async (req, res) => {
    const caller = admin(callerOf(req));
    const body = parseBody(req, createCustomFieldBody);
    await answerCreated(res, inPostedCollection(req), () =>
      createCustomField(dataSource, scopeOf(caller), body, clock(), (db) => options.quotas.requireRoom(db, caller.tenantId, counter, 1)),
    );
  });
  // Permission, then the definition, then the body: a member learns nothing, a hidden id is a plain 404.
  router.patch(`${basePath}:definitionId/`, async (req, res) => {
    const caller = admin(callerOf(req));
    const id = idParam(req.params.definitionId);
    await requireCustomField(dataSource, scopeOf(caller), id);
    res.json(await changeCustomField(dataSource, scopeOf(caller), id, parseBody(req, updateCustomFieldBody)));
  });
  router.delete(`${basePath}:definitionId/`, async (req, res) => {
    const caller = admin(callerOf(req));
    await deleteCustomField(dataSource, scopeOf(caller), idParam(req.params.definitionId), recordTable);
    res.status(204).end();
  });
  return router;
}

/** The documentation of `customFieldRoutes` for one entity. */
export function customFieldOperations(options: { basePath: string; tag: string; noun: string }): ApiOperation[] {
  const { basePath, tag, noun } = options;
  const admins = 'Admins only (members: 403).';
  return [
    {
      method: 'get',
      path: basePath,
      tag,
      summary: `List the custom fields of ${noun}s`,
      query: listCustomFieldsQuery,
      responses: { 200: { description: 'A page of custom field definitions.', schema: pageSchema(customFieldDefinitionSchema) } },
    },
    {
      method: 'post',
      path: basePath,
      tag,
      summary: `Define a custom field of ${noun}s`,
      description: admins,
      body: createCustomFieldBody,
      responses: { 201: { description: 'The definition.', schema: customFieldDefinitionSchema }, 409: 'The key is taken.' },
    },
    {
      method: 'patch',
      path: `${basePath}:definitionId/`,
      tag,
      summary: `Change a custom field of ${noun}s`,
      description: `${admins} The key and type cannot change.`,
      body: updateCustomFieldBody,
      responses: { 200: { description: 'The definition.', schema: customFieldDefinitionSchema } },
    },
    {
      method: 'delete',
      path: `${basePath}:definitionId/`,
      tag,
      summary: `Delete a custom field of ${noun}s`,
      description: `${admins} Its values are removed from every record.`,
      responses: { 204: 'Deleted.' },
    },
  ];
}
