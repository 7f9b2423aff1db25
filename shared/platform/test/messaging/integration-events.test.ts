import type { EntityManager } from '../../src/database';
import { createEvent, type CrmEvent } from '../../src/messaging';
import { consumedEvents, type IntegrationEventHandler } from '../../src/messaging/integration-events';

/** A service's one subscription list becomes its definition's `consumes`: bindings and the handler that dispatches. */
const TENANT = '3c1e5a7b-9d2f-4b6e-8a1c-5e7f9b1d3a5c';
const manager = {} as EntityManager;
const event = (type: string): CrmEvent => createEvent({ source: 'test', type, subject: TENANT, tenantId: TENANT, actor: null, data: {} });

describe('consumedEvents', () => {
  const handled: Array<[string, string, number]> = [];
  const handler =
    (name: string): IntegrationEventHandler<{ n: number }> =>
    async (e, _manager, deps) => {
      handled.push([name, e.type, deps.n]);
    };
  beforeEach(() => handled.splice(0));
  /** Who publishes what: the consumer's check, not the dispatch these tests are about. */
  const PRODUCERS = { things: ['thing.created', 'thing.deleted'] };

  it('when built from a subscription list, then the queue is bound to exactly its keys, in order', () => {
    expect(consumedEvents({ 'thing.created': handler('a'), 'thing.deleted': handler('b'), 'other.#': handler('c') }, PRODUCERS).bindings).toEqual(['thing.created', 'thing.deleted', 'other.#']);
  });

  it("when an event arrives, then the handler of its type gets it with the service's dependencies, and no other handler does", async () => {
    const consumes = consumedEvents({ 'thing.created': handler('created'), 'thing.deleted': handler('deleted') }, PRODUCERS);
    await consumes.handler(event('thing.deleted'), manager, { n: 7 });
    expect(handled).toEqual([['deleted', 'thing.deleted', 7]]);
  });

  it('when its type has no handler of its own, then the first pattern it matches handles it (`#`: every event)', async () => {
    const consumes = consumedEvents({ 'thing.created': handler('exact'), 'thing.*': handler('thing pattern'), '#': handler('everything') }, PRODUCERS);
    await consumes.handler(event('thing.created'), manager, { n: 1 });
    await consumes.handler(event('thing.merged'), manager, { n: 1 });
    await consumes.handler(event('web_form.received'), manager, { n: 1 });
    expect(handled).toEqual([
      ['exact', 'thing.created', 1],
      ['thing pattern', 'thing.merged', 1],
      ['everything', 'web_form.received', 1],
    ]);
  });

  it('when nothing matches (an event bound by an older release, say), then nothing is handled', async () => {
    await consumedEvents({ 'thing.created': handler('created') }, PRODUCERS).handler(event('thing.updated'), manager, { n: 1 });
    expect(handled).toEqual([]);
  });
});
