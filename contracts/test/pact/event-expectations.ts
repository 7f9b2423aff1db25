import { MatchersV3 as M } from '@pact-foundation/pact';
import { catalogueEntry } from '../../src/event-catalogue';
import { EVENT_CATALOGUE } from '../../src/services';

/**
 * What the consumers of each event rely on: the CloudEvents envelope, and in `data` the fields their
 * handlers read, matched by type (values are examples). A producer passes when what its outbox writes
 * has at least these fields with these types; extra fields are free to come and go.
 */
const TENANT = '5f0c8a43-3b86-4c1e-9a53-7d8e2a6f1c01';
const RECORD = '9b2e4f10-6a7d-4c3b-8e21-0f5a6b7c8d02';
const OTHER = '1c3d5e7f-2a4b-4c6d-8e0f-a1b2c3d4e503';
const PROFILE = '3a5b7c9d-1e2f-4a6b-8c0d-e1f2a3b4c504';
const USER = '7e9f1a2b-3c4d-4e5f-a6b7-c8d9e0f1a205';
const ISO_UTC_MS = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$';

const id = (example = RECORD) => M.uuid(example);
const version = M.integer(2);
const text = (example: string) => M.string(example);
const names = (...examples: string[]) => M.eachLike(examples[0]!, 0);

const mergedData = {
  keeper_id: id(RECORD),
  merged_id: id(OTHER),
  fields_from_keeper: names('email'),
  fields_from_merged: names('phone'),
  merged_assigned_to: M.eachLike(id(PROFILE), 1),
  keeper_version: version,
};

/** A collection each service owning records counts in its reports. */
const REPORTED_COLLECTION: Record<string, string> = { leads: 'leads', contacts: 'contacts', 'accounts-opportunities': 'tasks' };

function dataOf(type: string): Record<string, unknown> {
  const [entity, change] = type.split('.') as [string, string];
  // A reassignment (api-contract §10.2): auth's request, and each owning service's report of it (`<service>.records_reassigned`).
  if (type === 'profile.reassignment_requested') return { reassignment_id: id(OTHER), from: id(PROFILE), to: id(USER), to_email: text('grace@example.com') };
  if (change === 'records_reassigned') return { reassignment_id: id(OTHER), service: entity, moved: { [REPORTED_COLLECTION[entity]!]: M.integer(2) } };
  if (entity === 'profile') return { id: id(PROFILE), email: text('ada@example.com'), version };
  if (change === 'merged') return mergedData;
  if (type === 'lead.converted') {
    return {
      lead_id: id(),
      owner_id: id(PROFILE),
      converted_by: id(PROFILE),
      account: { id: id(OTHER), name: text('Ada Inc') },
      contact: { id: id(OTHER), first_name: text('Ada'), last_name: text('Lovelace'), email: text('ada@example.com'), phone: text('+44 20 7946 0000'), title: text('CTO') },
      opportunity: { id: id(OTHER), name: text('Ada Inc'), amount: text('500.00'), currency: M.regex('^[A-Z]{3}$', 'EUR') },
      lead: { id: id(), status: 'converted', version },
    };
  }
  if (type === 'web_form_submission.received') {
    return { id: id(), form: { id: id(OTHER), name: text('Contact us') }, lead_id: id(OTHER), lead_created: M.boolean(true), data: M.like({ email: 'ada@example.com' }), received_at: M.regex(ISO_UTC_MS, '2026-11-23T10:00:00.000Z') };
  }
  if (entity === 'account' && change !== 'deleted') return { id: id(), name: text('Ada Inc'), version };
  // The merged-away record of a merge names its keeper: a consumer moves what points to it there.
  if ((entity === 'lead' || entity === 'contact') && change === 'deleted') return { id: id(), version, merged_into: id(OTHER) };
  return { id: id(), version };
}

/** The message a consumer of `type` expects, with matchers. */
export function expectedEvent(type: string): Record<string, unknown> {
  return {
    specversion: '1.0',
    id: id('0d1e2f3a-4b5c-4d6e-8f7a-b8c9d0e1f206'),
    source: catalogueEntry(EVENT_CATALOGUE, type).producer,
    type,
    time: M.regex(ISO_UTC_MS, '2026-11-23T10:00:00.000Z'),
    subject: id(type.startsWith('profile.') ? PROFILE : RECORD),
    tenantid: id(TENANT),
    // A visitor's submission is nobody's doing in the tenant.
    actor: type === 'web_form_submission.received' ? null : { user_id: id(USER), profile_id: id(PROFILE) },
    datacontenttype: 'application/json',
    data: dataOf(type),
  };
}

export const interactionOf = (type: string) => `a ${type} event`;
