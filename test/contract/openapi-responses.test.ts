import { openApiResponses, type DocumentedAnswer } from '../support/openapi-responses';

/** The check every end-to-end answer passes through (`test/support/api-client.ts`) must see each kind of drift. */
const LEAD_ID = '3c1e5a7b-9d2f-4b6e-8a1c-5e7f9b1d3a5c';
const lead = {
  id: LEAD_ID,
  title: null,
  first_name: 'Ada',
  last_name: null,
  email: 'ada@example.com',
  phone: null,
  company_name: null,
  status: 'new',
  source: null,
  opportunity_amount: '10.00',
  currency: 'USD',
  board_position: 0,
  assigned_to: { id: LEAD_ID, email: 'owner@example.com' },
  tags: [],
  custom_fields: {},
  org: LEAD_ID,
  created_by: LEAD_ID,
  created_at: '2026-11-27T06:00:00.000Z',
  updated_at: '2026-11-27T06:00:00.000Z',
};

function answer(method: string, url: string, status: number, body?: unknown, headers: Record<string, string> = {}): DocumentedAnswer {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { method, url, status, headers: new Headers(body === undefined ? headers : { 'content-type': 'application/json; charset=utf-8', ...headers }), text };
}

const violations = (given: DocumentedAnswer) => openApiResponses().violations(given);

describe('the check of answers against contracts/openapi.json', () => {
  it('when an answer is as documented, then it finds nothing', () => {
    expect(violations(answer('GET', `/api/leads/${LEAD_ID}/`, 200, { ...lead, custom_field_definitions: [] }, { etag: '"1"' }))).toEqual([]);
    expect(violations(answer('GET', '/api/leads/?page=2', 200, { count: 1, next: null, previous: null, results: [lead] }))).toEqual([]);
    expect(violations(answer('DELETE', `/api/leads/${LEAD_ID}/`, 204))).toEqual([]);
  });

  it('when a view carries a field the document does not name, or a field of another type, then it says which', () => {
    expect(violations(answer('PATCH', `/api/leads/${LEAD_ID}/`, 200, { ...lead, secret: 1 }))).toEqual([expect.stringContaining('(secret)')]);
    expect(violations(answer('PATCH', `/api/leads/${LEAD_ID}/`, 200, { ...lead, board_position: '0' }))).toEqual([expect.stringContaining('body/board_position')]);
    expect(violations(answer('GET', '/api/leads/', 200, [lead]))).not.toEqual([]);
  });

  it('when the status, the media type or the presence of a body differs, then it is a violation', () => {
    expect(violations(answer('GET', '/api/leads/', 418, { detail: 'teapot' }))).toEqual([expect.stringContaining('the status is not documented')]);
    expect(violations({ ...answer('GET', '/api/leads/', 200), headers: new Headers({ 'content-type': 'text/html' }), text: '<p>' })).toEqual([expect.stringContaining('media type text/html')]);
    expect(violations(answer('DELETE', `/api/leads/${LEAD_ID}/`, 204, { detail: 'gone' }))).toEqual([expect.stringContaining('where the document gives none')]);
    expect(violations(answer('POST', '/api/leads/', 201, lead))).toEqual([expect.stringContaining('header Location is required')]);
  });

  it('when no operation documents the request, then it is not its to judge', () => {
    expect(violations(answer('GET', '/api/nothing-here/', 404, { detail: 'Not found.' }))).toEqual([]);
    expect(violations(answer('TRACE', '/api/leads/', 405, { detail: 'Method not allowed.' }))).toEqual([]);
  });

  it('when a path has a literal segment where another has a parameter, then the literal one is meant', () => {
    expect(violations(answer('POST', '/api/leads/duplicates/', 200, []))).toEqual([]);
    expect(violations(answer('POST', '/api/leads/duplicates/', 200, { results: [] }))).not.toEqual([]);
  });
});
