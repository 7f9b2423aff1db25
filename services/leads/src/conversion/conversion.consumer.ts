import { type EventHandler } from '@crm/platform';
import { recordMergedData } from '@crm/records';
import { markConvertedRecordReady, moveConvertedContact, type ConvertedRecordKind } from './conversion.repository';

/** The `*.created` events that tell leads a converted lead's record is readable in its service. */
export const CONVERTED_RECORD_EVENTS: Record<string, ConvertedRecordKind> = {
  'account.created': 'account',
  'contact.created': 'contact',
  'opportunity.created': 'opportunity',
};

export const onConvertedRecordCreated: EventHandler = async (event, manager) => {
  const kind = CONVERTED_RECORD_EVENTS[event.type];
  if (kind) await markConvertedRecordReady(manager, kind, event.subject);
};

/** `contact.merged`: a converted lead's `contact_id` follows its contact onto the keeper. */
export const onContactMerged: EventHandler = async (event, manager) => {
  const data = recordMergedData.parse(event.data);
  await moveConvertedContact(manager, event.tenantid, data.merged_id, data.keeper_id);
};
