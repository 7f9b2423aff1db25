import { MessageProviderPact, providerWithMetadata, type MessageProvider } from '@pact-foundation/pact';
import { startTestSystem, type TestSystem } from '../../../test/support/system';
import { interactionOf } from './event-expectations';
import { pactsNaming } from './pact-files';
import { ProducedEvents } from './produced-events';
import { EVENT_CATALOGUE } from '../../src/services';

/**
 * Provider side of the message contracts: every pact in `contracts/pacts/` naming a producer is replayed
 * against the events that producer really writes to its outbox (caused through the gateway), so a
 * producer cannot drop or retype a field some consumer's handler reads.
 */
const PRODUCERS = [...new Set(EVENT_CATALOGUE.map((entry) => entry.producer))];

const pactsOf = (provider: string) => pactsNaming(provider, 'messages');

describe('the events each producer writes', () => {
  let system: TestSystem;
  let events: ProducedEvents;
  beforeAll(async () => {
    system = await startTestSystem();
    events = await ProducedEvents.start(system);
  }, 60_000);
  afterAll(() => system.stop());

  const providersOf = (producer: string): Record<string, MessageProvider> =>
    Object.fromEntries(
      EVENT_CATALOGUE.filter((entry) => entry.producer === producer).map((entry) => [
        interactionOf(entry.type),
        providerWithMetadata(() => events.produce(producer, entry.type), { contentType: 'application/json' }),
      ]),
    );

  const verify = (producer: string, messageProviders: Record<string, MessageProvider>) =>
    new MessageProviderPact({ provider: producer, pactUrls: pactsOf(producer), messageProviders, logLevel: 'error' }).verify();

  it.each(PRODUCERS)('%s satisfies every consumer', async (producer) => {
    expect(pactsOf(producer).length).toBeGreaterThan(0);
    await verify(producer, providersOf(producer));
  }, 120_000);

  it('fails when the producer renames a field a consumer reads (lead.merged keeper_id → kept_id)', async () => {
    const renamed = providerWithMetadata(async () => {
      const event = await events.produce('leads', 'lead.merged');
      const { keeper_id: keeperId, ...data } = event.data as Record<string, unknown>;
      return { ...event, data: { ...data, kept_id: keeperId } };
    }, { contentType: 'application/json' });
    await expect(verify('leads', { ...providersOf('leads'), [interactionOf('lead.merged')]: renamed })).rejects.toThrow();
  }, 120_000);
});
