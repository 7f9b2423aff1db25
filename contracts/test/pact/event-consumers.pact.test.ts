import { MessageConsumerPact } from '@pact-foundation/pact';
import { parseEvent, type AnyServiceDefinition, type ConsumedEvents } from '@crm/platform';
import { CONTRACT_FILES } from '../../src/contract-files';
import { catalogueEntry, eventTypesBoundBy } from '../../src/event-catalogue';
import { EVENT_CATALOGUE, SERVICE_DEFINITIONS } from '../../src/services';
import { openService, type OpenedService } from '../support/service-deps';
import { expectedEvent, interactionOf } from './event-expectations';

/**
 * Consumer side of the message contracts: for every event type a service's queue is bound to, the
 * expected message is handed to the service's real handler (in a transaction of its real schema, rolled
 * back), and Pact writes the expectation to `contracts/pacts/<consumer>-<producer>.json`.
 */
class RolledBack extends Error {}

/**
 * Handles the message as the consumer would (envelope parsed, handler in a transaction) and answers
 * whether the handler wrote anything; then rolls back. A handler that silently ignores data it cannot
 * read would write nothing, so the test below can tell.
 */
async function handleAndRollBack(service: OpenedService, consumes: ConsumedEvents<unknown>, body: unknown): Promise<boolean> {
  const event = parseEvent(JSON.stringify(body));
  let wrote = false;
  try {
    await service.dataSource.transaction(async (manager) => {
      await consumes.handler(event, manager, service.deps);
      const [row] = await manager.query('SELECT txid_current_if_assigned() IS NOT NULL AS wrote');
      wrote = row.wrote;
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return wrote;
}

/** Handlers that only act on rows an empty schema does not hold (the records a conversion or merge names, the reassignment a report counts towards). */
const WRITES_NOTHING_ON_AN_EMPTY_SCHEMA = new Set([
  'leads account.created',
  'leads contact.created',
  'leads opportunity.created',
  'leads contact.merged',
  'contacts lead.merged',
  'contacts lead.deleted',
  // The reports of a reassignment count towards one auth holds.
  'auth leads.records_reassigned',
  'auth contacts.records_reassigned',
  'auth accounts-opportunities.records_reassigned',
]);

const consumers = SERVICE_DEFINITIONS.filter((definition): definition is AnyServiceDefinition & { consumes: object } => Boolean(definition.consumes));

describe.each(consumers.map((definition) => [definition.name, definition] as const))('the events %s consumes', (_name, definition) => {
  let service: OpenedService;
  beforeAll(async () => {
    service = await openService(definition);
  });
  afterAll(() => service.close());

  it.each(eventTypesBoundBy(EVENT_CATALOGUE, definition.consumes!.bindings))('%s', async (type) => {
    const pact = new MessageConsumerPact({
      consumer: definition.name,
      provider: catalogueEntry(EVENT_CATALOGUE, type).producer,
      dir: CONTRACT_FILES.pacts,
      pactfileWriteMode: 'update',
      logLevel: 'error',
    });
    await pact
      .expectsToReceive(interactionOf(type))
      .withContent(expectedEvent(type))
      .withMetadata({ contentType: 'application/json' })
      .verify(async (message) => {
        const wrote = await handleAndRollBack(service, definition.consumes!, message.contents);
        expect(wrote).toBe(!WRITES_NOTHING_ON_AN_EMPTY_SCHEMA.has(`${definition.name} ${type}`));
      });
  });
});
