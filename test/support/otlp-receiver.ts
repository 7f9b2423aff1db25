import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

/** A span as an OTLP/JSON export carries it, with the `service.name` of the resource that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  kind: SpanKind;
  attributes: Record<string, string | number | boolean>;
}

/** OTLP's span kinds (trace.proto). */
export enum SpanKind {
  Internal = 1,
  Server = 2,
  Client = 3,
  Producer = 4,
  Consumer = 5,
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[] }> }>;
  }>;
}

const valueOf = (value: OtlpValue) => value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? ''));
const attributesOf = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

export interface OtlpReceiver {
  /** What to set OTEL_EXPORTER_OTLP_ENDPOINT to: spans are posted to `<url>/v1/traces`. */
  url: string;
  /** Every span received so far. */
  spans: ReceivedSpan[];
  /** Every request received so far, whatever its path. */
  requests: number;
  stop(): Promise<void>;
}

/**
 * A collector standing in for the OpenTelemetry Collector: takes OTLP/HTTP JSON exports (OTEL_EXPORTER_OTLP_PROTOCOL
 * http/json) on `POST /v1/traces`, answers 200 and keeps their spans. On `port` (0: any free one).
 */
export async function startOtlpReceiver(port = 0): Promise<OtlpReceiver> {
  const receiver = { spans: [] as ReceivedSpan[], requests: 0 };
  const server = createServer(async (req, res) => {
    receiver.requests += 1;
    const body = (await buffer(req)).toString('utf8');
    if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
      res.writeHead(404).end();
      return;
    }
    for (const { resource, scopeSpans } of (JSON.parse(body) as OtlpExport).resourceSpans ?? []) {
      const service = String(attributesOf(resource?.attributes)['service.name']);
      for (const span of (scopeSpans ?? []).flatMap((scope) => scope.spans ?? [])) {
        receiver.spans.push({
          service,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          name: span.name,
          kind: span.kind,
          attributes: attributesOf(span.attributes),
        });
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
