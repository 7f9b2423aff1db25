export { Broker, type BrokerOptions } from './broker';
export {
  changeStreamArguments,
  DEFAULT_CHANGE_STREAM_RETENTION,
  readChangeStream,
  type ChangeStreamReaderOptions,
  type ChangeStreamReading,
  type ChangeStreamRetention,
  type StreamedChange,
  type StreamPosition,
} from './change-stream';
export { EventConsumer, pruneHandledMessages, type ConsumerOutcome, type EventConsumerOptions, type EventHandler } from './consumer';
export { createEvent, MalformedEventError, parseEvent, type CrmEvent, type EventActor } from './envelope';
export { enqueueEvent, enqueueEvents, readOutboxBacklog, type OutboxBacklog } from './outbox';
export { OutboxRelay, prunePublishedEvents, type OutboxRelayOptions } from './outbox-relay';
export { embeddedBusJournal, InProcessBus, inProcessBus, topicMatches } from './in-process-bus';
export { topologyNames, type TopologyNames } from './topology';
export { actorOf, enqueueRecordChanged, enqueueRecordDeleted, enqueueRecordsCreated, recordChangedEvent, recordEventData, type RecordChange, type VersionedRecord } from './record-events';
