import type { IdsHandedOutAhead } from '@crm/records';

/**
 * A lead conversion hands out the id of its account before accounts-opportunities makes it (api-contract §4):
 * a contact naming one is answered 503 while it is being made, never 400 (architecture §1).
 */
export const LEAD_CONVERSIONS: IdsHandedOutAhead = {
  by: { name: 'leads', port: 8082 },
  // Leads' lookup of its conversions in flight (services/leads/src/conversion/lead-conversion.process.ts).
  path: '/internal/lookup/converting/',
  whileBeingMade: 'A record this names is being made by a lead conversion; repeat the request in a moment.',
};
