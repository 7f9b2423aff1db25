import type { PublishedEvent } from '@crm/platform';
import { z } from 'zod';

/**
 * A member's records given to another member (api-contract §10.2) cross the services by two events:
 * auth asks every service owning records (`profile.reassignment_requested`), and each of them answers
 * once all of its records are moved, with its own report (`<service>.records_reassigned`: a type per
 * service, as every type of the catalogue has one producer).
 */
export const REASSIGNMENT_REQUESTED = 'profile.reassignment_requested';

/** `profile.reassignment_requested` (subject: the reassignment): every record owned by `from` goes to `to`. */
export const reassignmentRequestedData = z.object({
  reassignment_id: z.uuid(),
  /** The profile whose records move. */
  from: z.uuid(),
  /** The profile they move to. */
  to: z.uuid(),
  /** Its e-mail address, for the records' views should auth's `profile.created` of it not have arrived yet. */
  to_email: z.string(),
});

export type ReassignmentRequestedData = z.infer<typeof reassignmentRequestedData>;

/** The report of one service owning records: `<service>.records_reassigned`. */
export const recordsReassignedType = (service: string): string => `${service}.records_reassigned`;

/** A service's report (subject: the reassignment): how many records of each of its collections it moved. */
export const recordsReassignedData = z.object({
  reassignment_id: z.uuid(),
  service: z.string().min(1),
  /** Per collection of the API (`leads`, `accounts`, …), the records moved. */
  moved: z.record(z.string(), z.number().int().min(0)),
});

export type RecordsReassignedData = z.infer<typeof recordsReassignedData>;

/** `<service>.records_reassigned`, as the service owning records declares it among its published events. */
export const recordsReassignedEvent = (service: string): PublishedEvent => ({
  type: recordsReassignedType(service),
  producer: service,
  summary:
    'Every record of this service a reassignment asked for has moved (subject: the reassignment), each announced by its `*.updated`: ' +
    '`{reassignment_id, service, moved: {<collection>: n}}`.',
  data: recordsReassignedData,
});
