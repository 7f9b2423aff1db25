import { ERROR_RESPONSES, type ApiOperation, type ApiResponseDoc } from '@crm/platform';
import type { RouteEntry } from '@crm/gateway';
import { z } from 'zod';

/** A service's name and the documentation of its public routes (its `ServiceDefinition`'s `name` and `api`). */
export interface DocumentedService {
  name: string;
  api: ApiOperation[];
}

/** Finds the gateway route answering a method and path (the gateway's own `matchRoute`). */
export type RouteLookup = (method: string, path: string) => RouteEntry | undefined;

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const PATH_PARAM = /:([A-Za-z]+)/g;

/**
 * The JSON Schema of what is sent (the input side: transforms are applied after), without its `$schema`
 * line: 2020-12 as OpenAPI 3.1 uses, or draft-07 for AsyncAPI 3.0's schema format.
 */
export function jsonSchemaOf(schema: z.ZodType, target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12', io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target }) as JsonSchema;
  return json;
}

const errorBody = { $ref: '#/components/schemas/Error' };
const validationBody = { $ref: '#/components/schemas/ValidationError' };

/** One documented answer; what is answered is described as sent (the output side of its schema). */
function response(status: number, doc: ApiResponseDoc | string): Record<string, unknown> {
  const { description, schema, content = status === 204 ? 'none' : 'json' } = typeof doc === 'string' ? { description: doc } : doc;
  if (content === 'none') return { description };
  if (content === 'csv') return { description, content: { 'text/csv': { schema: { type: 'string' } } } };
  if (content === 'binary') return { description, content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } };
  return { description, content: { 'application/json': { schema: schema ? jsonSchemaOf(schema, 'draft-2020-12', 'output') : { type: 'object' } } } };
}

function errorResponse(description: string, body: JsonSchema = errorBody): Record<string, unknown> {
  return { description, content: { 'application/json': { schema: body } } };
}

/** The request headers of api-contract §6, written out in each operation (the docs page reads parameters as they are). */
const HEADER_PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within ' +
      '`IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. ' +
      'Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes.',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The `ETag` of the version the client holds: while it is current, 304 without a body.',
    schema: { type: 'string' },
  },
};

const isWrite = (operation: ApiOperation) => operation.method !== 'get' && operation.method !== 'options';
/** A read or change of the record its path names (not a create). */
const ofOneRecord = (operation: ApiOperation) => operation.record === true && operation.path.includes('/:');

/** The headers of api-contract §6: `Idempotency-Key` on every write, preconditions on a record's routes. */
function headerParameters(operation: ApiOperation): Record<string, unknown>[] {
  const headers: Record<string, unknown>[] = [];
  if (isWrite(operation)) headers.push(HEADER_PARAMETERS.IdempotencyKey);
  if (ofOneRecord(operation)) headers.push(isWrite(operation) ? HEADER_PARAMETERS.IfMatch : HEADER_PARAMETERS.IfNoneMatch);
  return headers;
}

function parameters(operation: ApiOperation): Record<string, unknown>[] {
  const inPath = [
    ...[...operation.path.matchAll(PATH_PARAM)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: operation.pathParams?.[name] ? jsonSchemaOf(operation.pathParams[name]) : { type: 'string', format: 'uuid' },
    })),
    ...headerParameters(operation),
  ];
  if (!operation.query) return inPath;
  const query = jsonSchemaOf(operation.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

function requestBody(operation: ApiOperation): Record<string, unknown> | undefined {
  if (operation.body) {
    const schema = jsonSchemaOf(operation.body);
    // What an HTML form posts: the same fields, as text.
    const formContent = operation.formBody ? { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } } : {};
    return { required: true, content: { 'application/json': { schema }, ...formContent } };
  }
  if (!operation.upload) return undefined;
  const { field, description } = operation.upload;
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', required: [field], properties: { [field]: { type: 'string', contentMediaType: 'application/octet-stream', description } } },
      },
    },
  };
}

/** The operation's answers: its own, then the errors every route of its kind can give (api-contract §2). */
function responses(operation: ApiOperation, route: RouteEntry): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [status, doc] of Object.entries(operation.responses)) {
    answers[status] = withSuccessHeaders(operation, Number(status), orReceipt(operation, route, Number(status), response(Number(status), doc!)));
  }
  const add = (status: number, value: Record<string, unknown>) => (answers[status] ??= value);
  if (ofOneRecord(operation) && !isWrite(operation)) add(304, { description: ERROR_RESPONSES.notModified, headers: { ETag: { $ref: '#/components/headers/ETag' } } });
  if (isWrite(operation)) {
    add(409, { ...errorResponse(ERROR_RESPONSES.keyInUse), headers: { 'Retry-After': { schema: { type: 'integer' } } } });
    add(422, errorResponse(ERROR_RESPONSES.keyReused));
  }
  if (ofOneRecord(operation) && isWrite(operation)) add(412, { ...errorResponse(ERROR_RESPONSES.stale), headers: { ETag: { $ref: '#/components/headers/ETag' } } });
  if (operation.body || operation.query || operation.upload) add(400, errorResponse(ERROR_RESPONSES.validation, validationBody));
  if (operation.body) add(413, errorResponse(ERROR_RESPONSES.tooLarge));
  if (route.auth !== 'anonymous') {
    add(401, errorResponse(ERROR_RESPONSES.unauthorized));
    add(403, errorResponse(ERROR_RESPONSES.forbidden));
  }
  if (operation.path.includes('/:')) add(404, errorResponse(ERROR_RESPONSES.notFound));
  add(429, errorResponse(tooManyOf(operation, route)));
  add(503, errorResponse(ERROR_RESPONSES.unavailable));
  add(504, errorResponse(ERROR_RESPONSES.timedOut));
  return answers;
}

/**
 * A write's success that shows what it wrote answers a caller with the write scope but not the read scope
 * only its receipt `{id, version}` (api-contract §2; the services' `receiptsForWriters`).
 */
function orReceipt(operation: ApiOperation, route: RouteEntry, status: number, answer: Record<string, unknown>): Record<string, unknown> {
  const json = (answer.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json'];
  if (status >= 300 || !isWrite(operation) || !route.scope?.endsWith(':write') || !json || !showsAnId(json.schema)) return answer;
  return { ...answer, content: { 'application/json': { schema: { oneOf: [json!.schema, { $ref: '#/components/schemas/WriteReceipt' }] } } } };
}

/** The schema is of a thing with an `id` (or of several such: a lead's PUT answers a lead or a conversion). */
function showsAnId(schema: JsonSchema): boolean {
  if ((schema.properties as Record<string, unknown> | undefined)?.id !== undefined) return true;
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return branches !== undefined && branches.every(showsAnId);
}

/** Why a 429 may come: a rate of the route's bucket, of the client address, or the bytes uploads may hold at once. */
function tooManyOf(operation: ApiOperation, route: RouteEntry): string {
  if (route.auth === 'anonymous') return ERROR_RESPONSES.tooMany;
  return operation.upload ? ERROR_RESPONSES.tooManyUploads : ERROR_RESPONSES.tooManyWithCredential;
}

/** A success answer's headers: a create's `Location`; the record's `ETag`; on a write, `Idempotent-Replayed` when it repeats a first answer. */
function withSuccessHeaders(operation: ApiOperation, status: number, answer: Record<string, unknown>): Record<string, unknown> {
  if (status >= 300) return answer;
  const headers: Record<string, unknown> = {};
  if (status === 201 && !operation.createsNothingAddressable) {
    headers.Location = { description: 'The URL path of what was created (api-contract §2).', required: true, schema: { type: 'string', pattern: '^/api/.*/$' } };
  }
  if (operation.record && status !== 204) headers.ETag = { $ref: '#/components/headers/ETag' };
  if (isWrite(operation)) headers['Idempotent-Replayed'] = { $ref: '#/components/headers/IdempotentReplayed' };
  return Object.keys(headers).length === 0 ? answer : { ...answer, headers };
}

function accessNote(route: RouteEntry): string {
  if (route.auth === 'anonymous') return 'No credential (limited per client address).';
  const who = route.auth === 'user-only' ? 'A user access token' : 'A user access token or an API token';
  return route.scope ? `${who} with the scope \`${route.scope}\`.` : `${who}.`;
}

const operationId = (operation: ApiOperation): string =>
  [operation.method, ...operation.path.split('/').filter(Boolean)]
    .map((part) => part.replace(/^:/, 'by_').replace(/[^A-Za-z0-9]+/g, '_'))
    .join('_');

/**
 * The OpenAPI 3.1 document of the public API: every operation of every service, with the access the
 * gateway enforces for it. Throws when an operation is not routed by the gateway to the service that
 * documents it, so a document can never describe a route clients cannot reach.
 */
export function buildOpenApiDocument(services: DocumentedService[], lookup: RouteLookup, version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const service of services) {
    for (const operation of service.api) {
      const samplePath = operation.path.replace(PATH_PARAM, SAMPLE_ID);
      const route = lookup(operation.method, samplePath);
      if (route?.service !== service.name) {
        throw new Error(`${operation.method.toUpperCase()} ${operation.path} (${service.name}) is routed to ${route?.service ?? 'nothing'}`);
      }
      const path = operation.path.replace(PATH_PARAM, '{$1}');
      const item = (paths[path] ??= {});
      if (item[operation.method]) throw new Error(`${operation.method.toUpperCase()} ${operation.path} is documented twice`);
      tags.add(operation.tag);
      const body = requestBody(operation);
      item[operation.method] = {
        operationId: operationId(operation),
        tags: [operation.tag],
        summary: operation.summary,
        ...(operation.deprecated ? { deprecated: true } : {}),
        description: [operation.description, accessNote(route)].filter(Boolean).join('\n\n'),
        ...(route.scope ? { 'x-scope': route.scope } : {}),
        'x-rate-limit-bucket': route.bucket,
        security: route.auth === 'anonymous' ? [] : [{ bearer: [] }],
        parameters: parameters(operation),
        ...(body ? { requestBody: body } : {}),
        responses: responses(operation, route),
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'CRM platform API',
      version,
      description:
        'Leads, contacts, accounts, opportunities and tasks of many tenants behind one gateway. Every answer of a ' +
        'list is a page `{count, next, previous, results}` (`page`, `page_size` up to 100). Errors: 400 ' +
        '`{error: true, errors: {<field>: [message]}}`, every other status `{detail}`.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    security: [{ bearer: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      headers: {
        ETag: { description: "A strong entity tag from the record's `version`, e.g. `\"3\"`.", schema: { type: 'string' } },
        IdempotentReplayed: { description: '`true` when the answer repeats the first answer of the `Idempotency-Key`.', schema: { type: 'string', enum: ['true'] } },
      },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: '`Authorization: Bearer <token>`: a user access token (a JWT from register, login or refresh-token) or an API token (`crm_pat_…`).',
        },
      },
      schemas: {
        Error: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' }, code: { type: 'string' } } },
        WriteReceipt: {
          type: 'object',
          description:
            "What a write answers a caller whose credential may write but not read the entity (api-contract §2): the id, and a record's `version` (its `ETag`).",
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'string', format: 'uuid' }, version: { type: 'integer', minimum: 1 } },
        },
        ValidationError: {
          type: 'object',
          required: ['error', 'errors'],
          properties: {
            error: { const: true },
            errors: { type: 'object', additionalProperties: true, description: 'Messages by field; `non_field_errors` for the body as a whole.' },
          },
        },
      },
    },
  };
}
