import { randomUUID } from 'node:crypto';
import { ValidationError } from '@crm/platform';
import type { LeadConvertedData } from '../integration-events/published-events';
import type { LeadValues } from '../leads/leads.repository';
import type { ConversionIds } from './lead-conversions.repository';

const personName = (values: LeadValues) => [values.first_name, values.last_name].filter(Boolean).join(' ');

/**
 * What converting a lead creates (api-contract §4): an account named after the company (else the person),
 * a contact from the person, and an opportunity when the lead has an amount; the ids are allocated
 * here, so each service makes its record by that id (its inbox sees a redelivered message once).
 */
export function conversionPlan(
  leadId: string,
  values: LeadValues,
  convertedBy: string,
): { ids: ConversionIds; data: Omit<LeadConvertedData, 'lead'> } {
  const name = personName(values);
  if (name === '') {
    throw ValidationError.field('first_name', 'A lead needs a first or last name to become a contact when it is converted.');
  }
  const accountName = values.company_name ?? name;
  const ids: ConversionIds = {
    accountId: randomUUID(),
    contactId: randomUUID(),
    opportunityId: values.opportunity_amount === null ? null : randomUUID(),
  };
  return {
    ids,
    data: {
      lead_id: leadId,
      owner_id: values.assigned_to,
      converted_by: convertedBy,
      account: { id: ids.accountId, name: accountName },
      contact: {
        id: ids.contactId,
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone: values.phone,
        title: values.title,
      },
      opportunity:
        ids.opportunityId === null
          ? null
          : { id: ids.opportunityId, name: accountName, amount: values.opportunity_amount!, currency: values.currency },
    },
  };
}
