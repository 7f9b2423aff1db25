/**
 * The broker objects of one namespace (architecture §4). Everything is prefixed so a test run or a second
 * installation on the same RabbitMQ never touches another's queues.
 */
export function topologyNames(namespace: string) {
  return {
    /** Topic exchange every event is published to, routing key = event type. */
    exchange: `${namespace}.events`,
    /** Where queues send what they give up on (delivery limit reached, malformed body). */
    deadLetterExchange: `${namespace}.dlx`,
    /** Bound to the dead-letter exchange with `#`, so nothing dead-lettered is dropped. */
    deadLetterQueue: `${namespace}.dead-letter`,
    /**
     * Stream bound to the events exchange with `#`: every event published is also retained here (by age and
     * size), so a consumer can read the history from `first`, a time or an offset (architecture §4).
     */
    changeStream: `${namespace}.changes`,
    /** The one durable queue of a consuming service. */
    queue: (service: string) => `${namespace}.${service}`,
  };
}

export type TopologyNames = ReturnType<typeof topologyNames>;
