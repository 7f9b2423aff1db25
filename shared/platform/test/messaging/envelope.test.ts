import { createEvent, MalformedEventError, parseEvent, topologyNames } from '../../src/messaging';

const actor = { user_id: '8d3c7f5e-3f7c-4c53-9d0e-6a3c1f1b2a10', profile_id: '5b8f3c1e-9d4a-4f7e-8a2b-1c3d5e7f9a0b' };

function sample() {
  return createEvent({
    source: 'leads',
    type: 'lead.created',
    subject: 'b7e0a2c4-6d8f-4a1b-9c3e-5f7a9b1d3e5f',
    tenantId: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
    actor,
    data: { name: 'Ada', version: 1 },
    time: new Date('2026-01-02T03:04:05.006Z'),
  });
}

describe('the event envelope', () => {
  it('when an event is created, then it is a CloudEvents 1.0 envelope with a uuid id and a UTC millisecond time', () => {
    const event = sample();
    expect(event).toEqual({
      specversion: '1.0',
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      source: 'leads',
      type: 'lead.created',
      time: '2026-01-02T03:04:05.006Z',
      subject: 'b7e0a2c4-6d8f-4a1b-9c3e-5f7a9b1d3e5f',
      tenantid: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
      actor,
      datacontenttype: 'application/json',
      data: { name: 'Ada', version: 1 },
    });
    expect(sample().id).not.toBe(event.id);
  });

  it('when an envelope is serialized and parsed, then it comes back unchanged, from a string or a buffer', () => {
    const event = sample();
    expect(parseEvent(JSON.stringify(event))).toEqual(event);
    expect(parseEvent(Buffer.from(JSON.stringify(event)))).toEqual(event);
  });

  it('when the actor is null (system work), then the envelope is still valid', () => {
    const event = createEvent({ source: 'import-export', type: 'lead.merged', subject: 's', tenantId: 't', actor: null, data: {} });
    expect(parseEvent(JSON.stringify(event)).actor).toBeNull();
  });

  it('when the body is not JSON, then parsing throws a MalformedEventError', () => {
    expect(() => parseEvent('not json')).toThrow(MalformedEventError);
    expect(() => parseEvent(Buffer.from([0xff, 0xfe]))).toThrow(MalformedEventError);
  });

  it.each([
    ['a missing id', { id: undefined }, 'id'],
    ['an id that is not a uuid', { id: '42' }, 'id'],
    ['another specversion', { specversion: '0.3' }, 'specversion'],
    ['a time with an offset instead of Z', { time: '2026-01-02T04:04:05.006+01:00' }, 'time'],
    ['an empty subject', { subject: '' }, 'subject'],
    ['a missing tenant', { tenantid: undefined }, 'tenantid'],
    ['a type with a space', { type: 'lead created' }, 'type'],
    ['an actor without a profile', { actor: { user_id: 'u' } }, 'actor.profile_id'],
    ['data that is an array', { data: [1, 2] }, 'data'],
    ['another content type', { datacontenttype: 'text/plain' }, 'datacontenttype'],
  ])('when the envelope has %s, then parsing throws and names the field', (_what, change, field) => {
    const body = JSON.stringify({ ...sample(), ...change });
    expect(() => parseEvent(body)).toThrow(MalformedEventError);
    expect(() => parseEvent(body)).toThrow(new RegExp(`\\b${field.replace('.', '\\.')}: `));
  });

  it('when the JSON is not an object, then parsing throws', () => {
    for (const body of ['null', '[]', '"lead.created"', '42']) expect(() => parseEvent(body)).toThrow(MalformedEventError);
  });

  it('when a producer builds an invalid event, then createEvent throws instead of publishing it', () => {
    expect(() =>
      createEvent({ source: 'leads', type: 'lead.created', subject: '', tenantId: 't', actor: null, data: {} }),
    ).toThrow(/subject/);
  });

  it('when the names of a namespace are asked for, then they follow architecture §4', () => {
    const names = topologyNames('crm');
    expect(names.exchange).toBe('crm.events');
    expect(names.deadLetterExchange).toBe('crm.dlx');
    expect(names.deadLetterQueue).toBe('crm.dead-letter');
    expect(names.queue('audit')).toBe('crm.audit');
  });
});
