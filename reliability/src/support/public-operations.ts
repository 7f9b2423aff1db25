import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoute, ROUTE_TABLE, type RouteEntry } from '@crm/gateway';

/** A JSON-schema fragment of the OpenAPI document (only what the scripts read). */
export interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: Schema;
}

/** One operation of the public API, as `contracts/openapi.json` documents it. */
export interface PublicOperation {
  method: string;
  /** The documented template, e.g. `/api/leads/{id}/notes/{noteId}/`. */
  path: string;
  /** `METHOD path`, how the reports name it. */
  key: string;
  /** `/api/<first segment>/`: leads, contacts, accounts, ..., auth, audit-logs. */
  resource: string;
  anonymous: boolean;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /**
   * Its body: the first documented media type and its schema; `contentTypes` lists every one documented
   * (a public web form takes JSON, url-encoded and multipart fields alike).
   */
  body?: { contentType: 'application/json' | 'multipart/form-data'; schema: Schema; contentTypes: string[] };
  /** The gateway's route entry answering it. */
  route: RouteEntry;
}

/** The committed OpenAPI document of the public API (contracts/openapi.json, generated from the code). */
export const OPENAPI_PATH = path.resolve(__dirname, '../../../contracts/openapi.json');

/** OPTIONS too: a web form's CORS preflight is a documented operation of its own. */
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

/**
 * Every operation of the public API, read from the OpenAPI document, each with the route-table entry that
 * answers it. Throws when an operation has no route entry: the document and the gateway disagree.
 */
export function publicOperations(): PublicOperation[] {
  const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, any>> };
  const operations: PublicOperation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const upper = method.toUpperCase();
      const route = matchRoute(ROUTE_TABLE, upper, concretePath(template));
      if (!route) throw new Error(`${upper} ${template} is documented but no route-table entry answers it`);
      const parameters: Parameter[] = operation.parameters ?? [];
      const content: Record<string, { schema: Schema }> = operation.requestBody?.content ?? {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      operations.push({
        method: upper,
        path: template,
        key: `${upper} ${template}`,
        resource: template.split('/')[2]!,
        anonymous: (operation.security ?? []).length === 0,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        body: contentType
          ? { contentType: contentType as 'application/json' | 'multipart/form-data', schema: media!.schema, contentTypes: Object.keys(content) }
          : undefined,
        route,
      });
    }
  }
  return operations;
}

/**
 * An operation anyone on the internet may post fields to (a web form's submissions): no credential, and
 * a body taken as JSON, url-encoded or multipart fields.
 */
export const isPublicForm = (operation: PublicOperation) => operation.anonymous && (operation.body?.contentTypes.includes('application/x-www-form-urlencoded') ?? false);

/** The template with every `{param}` replaced by a well-formed id (to match it against the route table). */
function concretePath(template: string): string {
  return template.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
}

/**
 * The template with its `{param}`s replaced from `values`, inserted as given (a malformed id may be
 * deliberately mis-encoded); a missing value throws.
 */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return value;
  });
}

/** `METHOD path` of a route-table entry, how the reports name it. */
export const routeName = (route: RouteEntry) => `${route.methods.join('|')} ${route.path}`;
