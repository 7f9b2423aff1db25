import type { EventHandler } from '@crm/shared';
import { markConvertedRecordReady, type ConvertedRecordKind } from './conversion.repository';

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
