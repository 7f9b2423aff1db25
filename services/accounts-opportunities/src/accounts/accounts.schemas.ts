import { optionalEmail, optionalText, tagsField, uuidParam } from '@crm/platform';
import { COMMON_SERVER_FIELDS, listQuery, NAME_MAX, optionalHttpUrl, PHONE_MAX, recordBody, requiredText } from '@crm/records';
import { z } from 'zod';

/** Fields a client writes (api-contract §3); `name` is required on POST and PUT. */
const writableAccountFields = {
  name: requiredText(NAME_MAX),
  industry: optionalText(NAME_MAX),
  website: optionalHttpUrl(),
  email: optionalEmail,
  phone: optionalText(PHONE_MAX),
  billing_city: optionalText(NAME_MAX),
  billing_country: optionalText(NAME_MAX),
  tags: tagsField,
  custom_fields: z.unknown(),
  assigned_to_id: uuidParam,
};

export const accountBody = recordBody(writableAccountFields, COMMON_SERVER_FIELDS);

export const ACCOUNT_ORDERING_FIELDS = ['created_at', 'updated_at', 'name'] as const;
export type AccountOrderingField = (typeof ACCOUNT_ORDERING_FIELDS)[number];

/** `search` matches name, e-mail, phone and website. */
export const accountListQuery = listQuery({}, ACCOUNT_ORDERING_FIELDS);
export type AccountListQuery = z.output<typeof accountListQuery>;
