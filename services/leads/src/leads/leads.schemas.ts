import { amountField, currencyField, optionalEmail, optionalText, readOnlyFields, requiredOr, tagsField, uuidParam, wholeNumber, recordListParams, orderingParam } from '@crm/platform';
import { z } from 'zod';

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'unqualified', 'converted'] as const;
export const LEAD_SOURCES = ['website_form', 'email', 'call', 'referral', 'partner', 'event', 'import', 'other'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

const NAME_MAX = 255;
const PHONE_MAX = 32;

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, requiredOr(`Must be one of: ${values.join(', ')}.`));

/** Fields a client writes. Every one optional here: what a missing one means depends on the method. */
const writableLeadFields = {
  title: optionalText(NAME_MAX),
  first_name: optionalText(NAME_MAX),
  last_name: optionalText(NAME_MAX),
  email: optionalEmail,
  phone: optionalText(PHONE_MAX),
  company_name: optionalText(NAME_MAX),
  status: choice(LEAD_STATUSES),
  source: choice(LEAD_SOURCES).nullable(),
  opportunity_amount: amountField,
  currency: currencyField,
  tags: tagsField,
  board_position: wholeNumber(0, 2_147_483_647),
  custom_fields: z.unknown(),
  assigned_to_id: uuidParam,
};

/** Server-derived fields (api-contract §2): in a body, 400 on that field. */
const SERVER_FIELDS = readOnlyFields([
  'id',
  'org',
  'created_by',
  'created_at',
  'updated_at',
  'assigned_to',
  'version',
  'account_id',
  'contact_id',
  'opportunity_id',
  'custom_field_definitions',
  'conversion_status',
] as const);

/** A lead body: every writable field optional, server fields refused, unknown fields refused. */
export const leadBody = z.strictObject({
  ...Object.fromEntries(Object.entries(writableLeadFields).map(([key, schema]) => [key, schema.optional()])),
  ...SERVER_FIELDS,
}) as unknown as z.ZodType<LeadInput>;

type Writable = typeof writableLeadFields;
export type LeadInput = { [K in keyof Writable]?: z.output<Writable[K]> };

export const LEAD_ORDERING_FIELDS = [
  'created_at',
  'updated_at',
  'first_name',
  'last_name',
  'email',
  'status',
  'board_position',
  'opportunity_amount',
] as const;
export type LeadOrderingField = (typeof LEAD_ORDERING_FIELDS)[number];


/** The list's query string, less its `cf_<key>` filters (parsed against the tenant's definitions). */
export const leadListQuery = z.strictObject({
  ...recordListParams,
  status: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(z.enum(LEAD_STATUSES, `Must be one of: ${LEAD_STATUSES.join(', ')}.`)))
    .optional(),
  source: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(z.enum(LEAD_SOURCES, `Must be one of: ${LEAD_SOURCES.join(', ')}.`)))
    .optional(),
  assigned_to: uuidParam.optional(),
  ordering: orderingParam(LEAD_ORDERING_FIELDS),
});
export type LeadListQuery = z.infer<typeof leadListQuery>;
