export { Broker } from './broker';
export { amqpUserOf, brokerUserOf, expectedPublisher, serviceAmqpUrl } from './broker-users';
export {
  readChangeStream,
  type ChangeStreamRetention,
  type StreamedChange,
  type StreamPosition,
} from './change-stream';
export { EventConsumer, pruneHandledMessages, type ConsumerOutcome } from './consumer';
export { type ConsumedEvents, type IntegrationEventHandler, type PublishedEvent } from './integration-events';
export { createEvent, MalformedEventError, parseEvent, type CrmEvent } from './envelope';
export { enqueueEvent, enqueueEvents, readOutboxBacklog, type OutboxBacklog } from './outbox';
export { OutboxRelay, prunePublishedEvents } from './outbox-relay';
export { embeddedBusJournal } from './in-process-bus';
export { topologyNames } from './topology';
