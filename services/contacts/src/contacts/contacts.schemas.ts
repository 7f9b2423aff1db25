import { optionalEmail, optionalText, orderingParam, recordListParams, tagsField, uuidParam } from '@crm/platform';
import { optionalHttpUrl, recordBody, type BodyInput } from '@crm/records';
import { z } from 'zod';

const NAME_MAX = 255;
const PHONE_MAX = 32;
const URL_MAX = 255;

/** `linkedin_url`: an http(s) address of at most 255 characters; blank or null stored as null. */
const linkedinUrl = optionalHttpUrl(URL_MAX);

/** Fields a client writes (api-contract §3). Every one optional here: what a missing one means depends on the method. */
const writableContactFields = {
  first_name: optionalText(NAME_MAX),
  last_name: optionalText(NAME_MAX),
  email: optionalEmail,
  phone: optionalText(PHONE_MAX),
  title: optionalText(NAME_MAX),
  /** null (or omitted on POST and PUT): a standalone contact. */
  account_id: uuidParam.nullable(),
  linkedin_url: linkedinUrl,
  tags: tagsField,
  custom_fields: z.unknown(),
  owner_id: uuidParam,
};

/** Server-derived fields (api-contract §2): in a body, 400 on that field. */
const SERVER_FIELDS = [
  'id',
  'org',
  'created_by',
  'created_at',
  'updated_at',
  'owner',
  'account',
  'lead_ids',
  'version',
  'custom_field_definitions',
] as const;

/** A contact body: every writable field optional, server fields refused, unknown fields refused. */
export const contactBody = recordBody(writableContactFields, SERVER_FIELDS);
export type ContactInput = BodyInput<typeof writableContactFields>;

export const CONTACT_ORDERING_FIELDS = ['created_at', 'updated_at', 'first_name', 'last_name', 'email'] as const;
export type ContactOrderingField = (typeof CONTACT_ORDERING_FIELDS)[number];

/** The list's query string, less its `cf_<key>` filters (parsed against the tenant's definitions). */
export const contactListQuery = z.strictObject({
  ...recordListParams,
  account: uuidParam.optional(),
  owner: uuidParam.optional(),
  ordering: orderingParam(CONTACT_ORDERING_FIELDS),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;
