import { type AnyServiceDefinition } from '@crm/platform';
import type { z } from 'zod';
import { eventCatalogue, eventTypesBoundBy } from '../event-catalogue';
import { jsonSchemaOf } from '../openapi/openapi-document';

type JsonSchema = Record<string, unknown>;

const ENVELOPE_DESCRIPTION =
  'CloudEvents 1.0 JSON. `id` is the message id and every consumer\'s deduplication key; `subject` the record; `type` the routing key.';

function payloadOf(data: z.ZodType | undefined, summary: string): JsonSchema {
  const dataSchema = data
    ? jsonSchemaOf(data, 'draft-7')
    : { type: 'object', description: 'The record as the API shows it, plus `version`.' };
  return {
    type: 'object',
    description: summary,
    required: ['specversion', 'id', 'source', 'type', 'time', 'subject', 'tenantid', 'actor', 'datacontenttype', 'data'],
    properties: {
      specversion: { const: '1.0' },
      id: { type: 'string', format: 'uuid' },
      source: { type: 'string', description: 'The producing service.' },
      type: { type: 'string' },
      time: { type: 'string', format: 'date-time' },
      subject: { type: 'string', description: 'The id of the record the event is about.' },
      tenantid: { type: 'string', format: 'uuid' },
      actor: {
        oneOf: [
          { type: 'null' },
          { type: 'object', required: ['user_id', 'profile_id'], properties: { user_id: { type: 'string' }, profile_id: { type: 'string' } } },
        ],
      },
      datacontenttype: { const: 'application/json' },
      data: dataSchema,
    },
  };
}

/** The channel of the change stream `crm.changes`: every event, retained, read from any point (architecture §4). */
export const CHANGE_STREAM_CHANNEL = 'changes';

/**
 * The AsyncAPI 3.0 document of every event: one channel per type on the topic exchange, a `send`
 * operation for its producer and a `receive` operation for each service whose queue is bound to it; and
 * the change stream, a channel carrying every event, read by systems outside (`scripts/replay-events.ts`).
 */
export function buildAsyncApiDocument(services: AnyServiceDefinition[], version: string): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const catalogue = eventCatalogue(services);
  for (const entry of catalogue) {
    const ref = { $ref: `#/components/messages/${entry.type}` };
    messages[entry.type] = { name: entry.type, title: entry.type, summary: entry.summary, contentType: 'application/json', payload: payloadOf(entry.data, entry.summary) };
    channels[entry.type] = {
      address: entry.type,
      title: entry.type,
      messages: { [entry.type]: ref },
      bindings: { amqp: { is: 'routingKey', exchange: { name: 'crm.events', type: 'topic', durable: true, autoDelete: false, vhost: '/' }, bindingVersion: '0.3.0' } },
    };
    operations[`${entry.producer}.send.${entry.type}`] = {
      action: 'send',
      title: `${entry.producer} publishes ${entry.type}`,
      channel: { $ref: `#/channels/${entry.type}` },
      description: 'Written to the outbox in the transaction of the change; relayed with publisher confirms (at least once).',
    };
  }
  for (const service of services) {
    for (const type of service.consumes ? eventTypesBoundBy(catalogue, service.consumes.bindings) : []) {
      operations[`${service.name}.receive.${type}`] = {
        action: 'receive',
        title: `${service.name} consumes ${type}`,
        channel: { $ref: `#/channels/${type}` },
        description: `From the durable quorum queue \`crm.${service.name}\`, through an inbox keyed by the event id; after the delivery limit, to \`crm.dlx\`.`,
      };
    }
  }
  channels[CHANGE_STREAM_CHANNEL] = {
    address: 'crm.changes',
    title: 'The change stream',
    description:
      'A RabbitMQ stream (`x-queue-type: stream`) bound to `crm.events` with `#`: every event published, in publish order, kept ' +
      '`CHANGE_STREAM_MAX_AGE` (default 7 days) within `CHANGE_STREAM_MAX_BYTES`. Attach with `x-stream-offset` (`first`, `next`, an ' +
      'offset, or a timestamp) on a channel with a prefetch, ack what you read; each message carries its offset in the ' +
      '`x-stream-offset` header: keep the last one handled and attach at it + 1 to resume with no gap and no repeat.',
    messages: Object.fromEntries(catalogue.map((entry) => [entry.type, { $ref: `#/components/messages/${entry.type}` }])),
    bindings: { amqp: { is: 'queue', queue: { name: 'crm.changes', durable: true, exclusive: false, autoDelete: false, vhost: '/' }, bindingVersion: '0.3.0' } },
  };
  operations['reader.receive.changes'] = {
    action: 'receive',
    title: 'A system reads the change history',
    channel: { $ref: `#/channels/${CHANGE_STREAM_CHANNEL}` },
    description: 'From any retained point on, in order, as often as wanted (reading removes nothing); `npm run replay-events` is the example to copy.',
  };
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'CRM platform events',
      version,
      description:
        `Every event the services publish on the topic exchange \`crm.events\` (routing key = event type). ${ENVELOPE_DESCRIPTION} ` +
        'Delivery is at least once and unordered across consumers: keep an inbox of handled ids, and apply a record event only when its `version` is newer than the copy you hold. ' +
        'The stream `crm.changes` keeps them all, in order, for a system that joins late or rebuilds a projection.',
    },
    defaultContentType: 'application/json',
    servers: { rabbitmq: { host: 'rabbitmq:5672', protocol: 'amqp', protocolVersion: '0.9.1', description: 'The RabbitMQ of the deployment (AMQP_URL).' } },
    channels,
    operations,
    components: { messages },
  };
}
