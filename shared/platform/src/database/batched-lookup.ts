import type { DataSource } from './database';

/** The most keys one query looks up; more waiting at once go out as several queries. */
const DEFAULT_MAX_BATCH = 100;

interface Waiting<Key, Value> {
  key: Key;
  resolve: (value: Value | undefined) => void;
  reject: (error: unknown) => void;
}

export interface BatchedLookupOptions<Key, Value> {
  /** A key as text: lookups of equal keys share an answer. */
  keyOf: (key: Key) => string;
  /** Reads all `keys` in one query: what it found, by `keyOf`; a key left out is missing. */
  lookUp: (dataSource: DataSource, keys: Key[]) => Promise<Map<string, Value>>;
  maxBatch?: number;
}

/**
 * Reads by key where the lookups made in the same turn of the event loop go to the database together, as
 * one query: under load, the detail GETs a service takes in at once cost one round trip instead of one
 * each (the socket writes and reads of a round trip are most of a detail's cost: bench/src/gateway.ts).
 * A lookup waits at most until the end of the current turn; each caller gets its own key's answer, and
 * a failed query fails each of its callers with the same error. Each data source batches on its own.
 */
export function batchedLookup<Key, Value>(options: BatchedLookupOptions<Key, Value>): (dataSource: DataSource, key: Key) => Promise<Value | undefined> {
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const waitingBySource = new WeakMap<DataSource, Array<Waiting<Key, Value>>>();

  const lookUpBatch = async (dataSource: DataSource, batch: Array<Waiting<Key, Value>>) => {
    try {
      const found = await options.lookUp(dataSource, batch.map((waiting) => waiting.key));
      for (const waiting of batch) waiting.resolve(found.get(options.keyOf(waiting.key)));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  };

  const flush = (dataSource: DataSource) => {
    const waiting = waitingBySource.get(dataSource) ?? [];
    waitingBySource.delete(dataSource);
    for (let start = 0; start < waiting.length; start += maxBatch) void lookUpBatch(dataSource, waiting.slice(start, start + maxBatch));
  };

  return (dataSource, key) =>
    new Promise((resolve, reject) => {
      let waiting = waitingBySource.get(dataSource);
      if (!waiting) {
        waiting = [];
        waitingBySource.set(dataSource, waiting);
        // After the poll phase: every request read in this turn has made its lookup by then.
        setImmediate(flush, dataSource);
      }
      waiting.push({ key, resolve, reject });
    });
}
