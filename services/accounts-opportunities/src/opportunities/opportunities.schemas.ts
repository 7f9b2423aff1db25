import { amountField, currencyField, requiredOr, tagsField, uuidParam, wholeNumber } from '@crm/platform';
import { choice, choicesFilter, COMMON_SERVER_FIELDS, idField, listQuery, NAME_MAX, optionalDate, optionalReference, recordBody, requiredText } from '@crm/records';
import { z } from 'zod';

export const OPPORTUNITY_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'] as const;
export type OpportunityStage = (typeof OPPORTUNITY_STAGES)[number];

export const MAX_CONTACT_IDS = 100;

/** Fields a client writes (api-contract §3); `name` is required on POST and PUT. `lead_id` is set by conversion only. */
const writableOpportunityFields = {
  name: requiredText(NAME_MAX),
  account_id: optionalReference,
  contact_ids: z
    .array(idField, requiredOr('A list of contact ids is required.'))
    .max(MAX_CONTACT_IDS, `Ensure there are no more than ${MAX_CONTACT_IDS} contacts.`)
    .transform((ids) => [...new Set(ids)]),
  amount: amountField,
  currency: currencyField,
  stage: choice(OPPORTUNITY_STAGES),
  probability: wholeNumber(0, 100).nullable(),
  close_date: optionalDate,
  tags: tagsField,
  custom_fields: z.unknown(),
  assigned_to_id: uuidParam,
};

export const opportunityBody = recordBody(writableOpportunityFields, [...COMMON_SERVER_FIELDS, 'account', 'lead_id']);

export const OPPORTUNITY_ORDERING_FIELDS = ['created_at', 'updated_at', 'name', 'amount', 'close_date', 'stage'] as const;
export type OpportunityOrderingField = (typeof OPPORTUNITY_ORDERING_FIELDS)[number];

/** `stage` (any of, comma-separated), `account` (an account id); `search` matches the name. */
export const opportunityListQuery = listQuery(
  { stage: choicesFilter(OPPORTUNITY_STAGES).optional(), account: uuidParam.optional() },
  OPPORTUNITY_ORDERING_FIELDS,
);
export type OpportunityListQuery = z.output<typeof opportunityListQuery>;
