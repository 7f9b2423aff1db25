import { z } from 'zod';
import { customFieldDefinitionSchema } from '../custom-fields/custom-field-definition';
import { pageSchema } from './answer-schemas';
import type { ApiOperation } from '@crm/platform';

export interface RecordOperationsOptions {
  tag: string;
  /** The collection, ending in `/`: `/api/<entity>/`. */
  basePath: string;
  /** Singular noun for summaries: the entity's name. */
  noun: string;
  body: z.ZodType;
  listQuery: z.ZodType;
  /** The record as answers show it (`recordViewSchema`); the detail GET adds the custom-field definitions. */
  view: z.ZodObject;
  listDescription?: string;
  /** Documentation of PUT when it does more than replace (a process of the service), and what it then answers. */
  putDescription?: string;
  putAnswer?: z.ZodType;
}

const CUSTOM_FILTERS =
  '`cf_<key>=<value>` filters on a custom field marked filterable (typed: a number compares as a number, a checkbox takes true/false, a date YYYY-MM-DD); another one is a 400. Number and date fields also take `cf_<key>__gte` and `cf_<key>__lte`.';

/** List, create, read, replace, change and delete of one entity: the shape every record endpoint shares (api-contract §2). */
export function recordOperations(options: RecordOperationsOptions): ApiOperation[] {
  const { tag, basePath, noun, body, listQuery, view } = options;
  const item = `${basePath}:id/`;
  const stored = (description: string) => ({ description, schema: view });
  return [
    {
      method: 'get',
      path: basePath,
      tag,
      summary: `List ${noun}s`,
      description: [options.listDescription, CUSTOM_FILTERS].filter(Boolean).join(' '),
      query: listQuery,
      responses: { 200: { description: `A page: \`{count, next, previous, results}\` of ${noun}s.`, schema: pageSchema(view) } },
    },
    { method: 'post', path: basePath, tag, summary: `Create a ${noun}`, body, record: true, responses: { 201: stored(`The ${noun} created.`) } },
    {
      method: 'get',
      path: item,
      tag,
      summary: `Read a ${noun}`,
      record: true,
      responses: {
        200: {
          description: `The ${noun}, with the tenant's custom-field definitions of ${noun}s (to draw its form).`,
          schema: view.extend({ custom_field_definitions: z.array(customFieldDefinitionSchema) }),
        },
      },
    },
    {
      method: 'put',
      path: item,
      tag,
      summary: `Replace a ${noun}`,
      description: options.putDescription,
      body,
      record: true,
      responses: { 200: { description: `The ${noun} as stored.`, schema: options.putAnswer ?? view } },
    },
    {
      method: 'patch',
      path: item,
      tag,
      summary: `Change some fields of a ${noun}`,
      body,
      record: true,
      responses: { 200: stored(`The ${noun} as stored.`) },
    },
    { method: 'delete', path: item, tag, summary: `Delete a ${noun}`, record: true, responses: { 204: 'Deleted.' } },
  ];
}
