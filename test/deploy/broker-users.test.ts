import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_DEFINITIONS } from '@crm/contracts';
import { topicMatches } from '@crm/platform';
import { parse } from 'yaml';

/**
 * Who may publish what on the broker (docs/security.md §10.2) is written three times: by each service (its
 * `publishes`, the contracts' catalogue), by each consumer (its `PUBLISHERS`, whose user-id it accepts per type it consumes)
 * and for RabbitMQ (deploy/rabbitmq/broker-users.sh, the topic permissions of each service's user). All three
 * must say the same, and every deployment must connect each service as its own user.
 */
const root = join(__dirname, '..', '..');
const EVENT_CATALOGUE = SERVICE_DEFINITIONS.flatMap((definition) => definition.publishes ?? []);
const byProducer = (services: string[]) =>
  Object.fromEntries(services.map((service) => [service, EVENT_CATALOGUE.filter((entry) => entry.producer === service).map((entry) => entry.type)]));
const SERVICE_NAMES = SERVICE_DEFINITIONS.map((definition) => definition.name);

describe('the one producer of each event type', () => {
  it("is what each consumer accepts: its PUBLISHERS name the catalogue's producer of every type it binds, and only those", () => {
    const producerOf = new Map(EVENT_CATALOGUE.map((entry) => [entry.type, entry.producer]));
    for (const definition of SERVICE_DEFINITIONS) {
      if (!definition.consumes) continue;
      const { bindings, producers } = definition.consumes;
      const bound = EVENT_CATALOGUE.map((entry) => entry.type).filter((type) => bindings.some((binding) => topicMatches(binding, type)));
      const expected = Object.fromEntries(
        [...new Set(bound.map((type) => producerOf.get(type)!))].map((producer) => [producer, bound.filter((type) => producerOf.get(type) === producer)]),
      );
      const sorted = (table: Readonly<Record<string, readonly string[]>>) =>
        Object.fromEntries(Object.entries(table).map(([producer, types]) => [producer, [...types].sort()]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
      expect([definition.name, sorted(producers)]).toEqual([definition.name, sorted(expected)]);
    }
  });

  it("is what RabbitMQ lets each service's user publish: deploy/rabbitmq/broker-users.sh lists every service with its catalogue's routing keys", () => {
    const script = readFileSync(join(root, 'deploy/rabbitmq/broker-users.sh'), 'utf8');
    const listed = [...script.matchAll(/^ {2}"([a-z-]+)\|([a-z_. -]*)"$/gm)].map(([, service, types]) => [service, types!.split(' ').filter(Boolean)]);
    expect(Object.fromEntries(listed)).toEqual(byProducer(SERVICE_NAMES));
    expect(script).toContain(`DEV_BROKER_PASSWORD=dev-only-broker-password-not-for-production`);
  });

  it('connects each service of docker-compose.yml as its own broker user, made before it starts', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { environment?: Record<string, string>; depends_on?: Record<string, unknown> }> };
    for (const service of SERVICE_NAMES) {
      const { environment, depends_on } = compose.services[service]!;
      expect([service, decodeURIComponent(new URL(environment!.AMQP_URL!.replace(/\$\{[^}]*\}/g, 'secret')).username)]).toEqual([service, `crm-${service}`]);
      expect([service, depends_on!['rabbitmq-users']]).toEqual([service, { condition: 'service_completed_successfully' }]);
    }
  });
});
