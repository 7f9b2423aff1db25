import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** Who caused the change; null for system work (imports, merges run by a job). */
export interface EventActor {
  user_id: string;
  profile_id: string;
}

/** The CloudEvents 1.0 JSON envelope every event travels in (architecture §4). */
export interface CrmEvent<T = Record<string, unknown>> {
  specversion: '1.0';
  /** A uuid; also the AMQP message id and the consumers' inbox key. */
  id: string;
  /** The publishing service's name. */
  source: string;
  /** E.g. `<entity>.created`; also the routing key. */
  type: string;
  /** ISO 8601 UTC with milliseconds. */
  time: string;
  /** The id of the record the event is about. */
  subject: string;
  tenantid: string;
  actor: EventActor | null;
  datacontenttype: 'application/json';
  data: T;
}

/** A body that is not a well-formed envelope: consumers dead-letter it instead of retrying. */
export class MalformedEventError extends Error {
  constructor(
    message: string,
    readonly issues: string[] = [],
  ) {
    super(issues.length > 0 ? `${message}: ${issues.join('; ')}` : message);
    this.name = 'MalformedEventError';
  }
}

// Dot-separated words: a topic routing key that a binding like `<entity>.*` can match.
const eventType = z
  .string()
  .max(255)
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'must be dot-separated words');

const envelopeSchema = z.object({
  specversion: z.literal('1.0'),
  id: z.uuid(),
  source: z.string().min(1),
  type: eventType,
  time: z.iso.datetime({ offset: false }),
  subject: z.string().min(1),
  tenantid: z.string().min(1),
  actor: z.object({ user_id: z.string().min(1), profile_id: z.string().min(1) }).nullable(),
  datacontenttype: z.literal('application/json'),
  data: z.record(z.string(), z.unknown()),
});

function validate(candidate: unknown): CrmEvent {
  const parsed = envelopeSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new MalformedEventError(
      'Invalid event envelope',
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return parsed.data as CrmEvent;
}

/** The data as JSON carries it: without the symbol-keyed tags a view carries (its version, for the ETag). */
function asJsonShowsIt<T>(data: T): T {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (Object.fromEntries(Object.entries(data)) as T) : data;
}

/** Builds an envelope; validated here so a bad event fails in the producer, not in every consumer. */
export function createEvent<T>(input: {
  source: string;
  type: string;
  subject: string;
  tenantId: string;
  actor: EventActor | null;
  data: T;
  id?: string;
  time?: Date;
}): CrmEvent<T> {
  const event: CrmEvent<T> = {
    specversion: '1.0',
    id: input.id ?? randomUUID(),
    source: input.source,
    type: input.type,
    time: (input.time ?? new Date()).toISOString(),
    subject: input.subject,
    tenantid: input.tenantId,
    actor: input.actor === null ? null : { user_id: input.actor.user_id, profile_id: input.actor.profile_id },
    datacontenttype: 'application/json',
    data: asJsonShowsIt(input.data),
  };
  validate(event);
  return event;
}

/** Reads an envelope off the wire; throws MalformedEventError on anything that is not one. */
export function parseEvent(body: Buffer | string): CrmEvent {
  let candidate: unknown;
  try {
    candidate = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch (error) {
    throw new MalformedEventError(`Event body is not JSON (${(error as Error).message})`);
  }
  return validate(candidate);
}
