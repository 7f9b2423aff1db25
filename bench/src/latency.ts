/** Latency figures of one measured request kind. */
export interface LatencyFigures {
  label: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The `p`th percentile (ms) of latencies in any order. */
export const percentileOf = (values: readonly number[], p: number): number => percentile([...values].sort((a, b) => a - b), p);

/** The median (ms) of latencies in any order. */
export const medianOf = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Sends `requests` requests made by `send(i)` with `concurrency` in flight and answers the latency
 * percentiles (ms) and the throughput. `send` must throw on a wrong answer: errors fail the benchmark.
 * When only part of `send` is the request (checks follow it), `send` answers that part's latency (ms).
 */
export async function measure(label: string, requests: number, concurrency: number, send: (i: number) => Promise<void | number>): Promise<LatencyFigures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < requests; i = next++) {
      const start = performance.now();
      const timed = await send(i);
      latencies.push(typeof timed === 'number' ? timed : performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { label, requests, perSecond: requests / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/** One line per figure set, with its p50 as a ratio to the baseline's. */
export function printFigures(all: LatencyFigures[], baseline: LatencyFigures): void {
  const pad = Math.max(...all.map((figures) => figures.label.length));
  for (const figures of all) {
    console.log(
      `${figures.label.padEnd(pad)}  p50 ${figures.p50.toFixed(2)} ms  p95 ${figures.p95.toFixed(2)} ms  p99 ${figures.p99.toFixed(2)} ms  ` +
        `${figures.perSecond.toFixed(0)} req/s  p50/baseline ${(figures.p50 / baseline.p50).toFixed(2)}`,
    );
  }
}
