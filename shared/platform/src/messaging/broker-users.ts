import { ConfigError, DEV_BROKER_PASSWORD } from '../config/config';

/**
 * Who may publish what on the broker (docs/security.md §10.2). Each service connects to RabbitMQ as a user of its
 * own, `crm-<service>`, which may publish only the routing keys of its own events (topic permissions, made by
 * deploy/rabbitmq/broker-users.sh); every message it publishes carries that user as its AMQP `user-id`, which
 * RabbitMQ checks against the connection's user; and a consumer handles an event only when its `user-id` is the
 * user of the service that owns its type (docs/events.md §1).
 */

/** The RabbitMQ user a service connects and publishes as. */
export const brokerUserOf = (service: string): string => `crm-${service}`;

/** The user an AMQP URL connects as: the one it names, or amqplib's default `guest` when it names none. */
export function amqpUserOf(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  return user === '' ? 'guest' : user;
}

/**
 * The URL a service connects with: AMQP_URL when it names the service's own user. Outside production, a URL as
 * another user (the `guest` of a development server: one AMQP_URL for every service of `npm start` and of the
 * tests) is used as the service's own user with the development password, as scripts/ensure-servers.sh makes
 * them. Production refuses it: consumers would dead-letter every event the service publishes.
 */
export function serviceAmqpUrl(amqpUrl: string, service: string, nodeEnv: string): string {
  const own = brokerUserOf(service);
  const user = amqpUserOf(amqpUrl);
  if (user === own) return amqpUrl;
  if (nodeEnv === 'production') {
    throw new ConfigError([`AMQP_URL: connects as ${user}; ${service} must connect as its own broker user ${own}, the only user-id its events are accepted under (docs/security.md §10.2)`]);
  }
  const url = new URL(amqpUrl);
  url.username = own;
  url.password = DEV_BROKER_PASSWORD;
  return url.toString();
}

/** Which service publishes each event type (the catalogue's `producer`): the broker user its events must carry. */
export type EventProducers = Readonly<Record<string, readonly string[]>>;

/** The broker user that must have published an event of `type`; undefined for a type no service publishes. */
export function expectedPublisher(producers: EventProducers, type: string): string | undefined {
  const producer = Object.keys(producers).find((service) => producers[service]!.includes(type));
  return producer === undefined ? undefined : brokerUserOf(producer);
}
