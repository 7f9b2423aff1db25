export { Broker, type BrokerOptions } from './broker';
export { EventConsumer, type EventConsumerOptions, type EventHandler } from './consumer';
export { createEvent, MalformedEventError, parseEvent, type CrmEvent, type EventActor } from './envelope';
export { enqueueEvent, messagingMigration } from './outbox';
export { OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { topologyNames, type TopologyNames } from './topology';
export { actorOf, enqueueRecordChanged, enqueueRecordDeleted, type VersionedRecord } from './record-events';
