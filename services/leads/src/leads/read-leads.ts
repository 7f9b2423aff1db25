import type { Caller } from '@crm/platform';
import type { CustomFieldDefinitionView } from '@crm/records';
import type { LeadsDeps } from '../leads-deps';
import { openLeadForDetail } from './lead-access';
import { leadView, type LeadView } from './lead-view';

/** The detail GET: the lead and the tenant's lead custom-field definitions, to render its form (one query). */
export async function getLead(
  deps: LeadsDeps,
  caller: Caller,
  id: string,
): Promise<LeadView & { custom_field_definitions: CustomFieldDefinitionView[] }> {
  const { lead, owner, definitions } = await openLeadForDetail(deps.dataSource, caller, id);
  return { ...leadView(lead, owner), custom_field_definitions: definitions };
}
