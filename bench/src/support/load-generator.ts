import autocannon from 'autocannon';

/**
 * The load generator of the gateway benchmark, run as its own process so it does not share an event
 * loop with what it measures: `node load-generator.js '<LoadSpec JSON>'` runs autocannon and prints one
 * JSON line of LoadFigures. Each connection cycles through `paths` (one request in flight per connection).
 */
export interface LoadSpec {
  baseUrl: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Bytes of the answers as they came over the wire (compressed when they were), headers included. */
  bytes: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

async function generateLoad(spec: LoadSpec): Promise<LoadFigures> {
  const result = await autocannon({
    url: spec.baseUrl,
    connections: spec.connections,
    duration: spec.durationSeconds,
    headers: spec.headers,
    requests: spec.paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

generateLoad(JSON.parse(process.argv[2]!) as LoadSpec).then(
  (figures) => process.stdout.write(`${JSON.stringify(figures)}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
