import { context, diag, DiagLogLevel, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_ERROR_TYPE, ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE, ATTR_SERVICE_NAME, ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import type { RequestHandler } from 'express';
import type { TracingConfig } from '../config/config';
import { orAfter } from '../lifecycle/or-after';
import type { Logger } from '../logging/logger';
import { UNMATCHED_ROUTE, type RouteLabel } from '../metrics/http-metrics';
import { enterRequestTraceContext } from '../http/request-context';
import { registerTraceContext } from './trace-context';

/**
 * The messaging attributes of the semantic conventions are still incubating: copied here, as their package
 * advises, rather than imported from its unstable entry point.
 */
const MESSAGING_SYSTEM = 'messaging.system';
const MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
const MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
const MESSAGING_RABBITMQ_ROUTING_KEY = 'messaging.rabbitmq.destination.routing_key';
const MESSAGING_MESSAGE_ID = 'messaging.message.id';

/** How long a stop waits for the spans still buffered to be exported: a collector away must not hold it up. */
const EXPORT_ON_STOP_MS = 1_000;

/** A message as the spans name it: its id, its type (the routing key) and the exchange it goes through. */
export interface TracedMessage {
  id: string;
  type: string;
  exchange: string;
}

/** A publish in flight: the headers to send it with (its span as their `traceparent`), and the end of its span. */
export interface Publishing {
  headers: Record<string, unknown>;
  /** On the broker's confirm (null) or its refusal. */
  end(error: Error | null): void;
}

/**
 * The spans of one component (the gateway, a service): a server span per request, a producer span per event
 * published, a consumer span per event handled, each continuing the trace context it came with. Each
 * component has a tracer provider of its own, its resource naming it, so the components of one process (the
 * embedded default) each still name their spans; what they share is the API's context and propagator.
 */
export class Tracing {
  private constructor(
    private readonly provider: BasicTracerProvider,
    private readonly tracer: Tracer,
  ) {}

  /**
   * Tracing of the component `name` as `settings` say, or undefined when no endpoint is set and
   * OTEL_TRACES_EXPORTER is not `none` (or OTEL_SDK_DISABLED): then no SDK starts and nothing is registered.
   */
  static start(name: string, settings: TracingConfig, logger: Logger): Tracing | undefined {
    const base = settings.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
    const url = settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base === undefined ? undefined : `${base}/v1/traces`);
    const exportsNowhere = settings.OTEL_TRACES_EXPORTER === 'none';
    if ((url === undefined && !exportsNowhere) || settings.OTEL_SDK_DISABLED) return undefined;
    registerTraceContext();
    reportSdkTrouble(logger);
    const protocol = settings.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? settings.OTEL_EXPORTER_OTLP_PROTOCOL;
    // OTEL_TRACES_EXPORTER=none: spans are recorded (their ids in traceparents and log lines) and dropped as they end,
    // with no processor, as the Node SDK configures none: batching spans to export them nowhere kept each one alive
    // until its batch filled, for the collector to pay for (an eighth of the traced requests' added CPU was GC).
    const exporter: SpanExporter | undefined = exportsNowhere
      ? undefined
      : protocol === 'http/json'
        ? new OtlpJsonExporter({ url })
        : new OtlpProtobufExporter({ url });
    const provider = new BasicTracerProvider({
      resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.OTEL_SERVICE_NAME ?? name })),
      sampler: samplerOf(settings),
      spanProcessors: exporter ? [new BatchSpanProcessor(exporter, { scheduledDelayMillis: settings.OTEL_BSP_SCHEDULE_DELAY })] : [],
    });
    return new Tracing(provider, provider.getTracer('@crm/platform'));
  }

  /**
   * Express middleware: a SERVER span per request, child of the caller's `traceparent` (a new trace without
   * one), active while the request is served; named by `routeOf` once answered (`PUT /api/<entity>/:id/`).
   * `then`, when given, is the middleware that comes next, run in the same express layer inside the span: a layer
   * of its own costs every request its dispatch (about 5 µs here, a sixth of what tracing added to a request of the
   * service of the benchmark; issue 23.4's cost target).
   */
  serverSpans(routeOf: RouteLabel, then?: RequestHandler): RequestHandler {
    return (req, res, next) => {
      const parent = req.headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, req.headers);
      const span = this.tracer.startSpan(req.method, { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_URL_PATH]: req.path } }, parent);
      // 'close' follows 'finish' for an answered request and is the only event of an abandoned one.
      res.once('close', () => {
        const route = routeOf(req, res);
        if (route !== UNMATCHED_ROUTE) span.updateName(`${req.method} ${route}`).setAttribute(ATTR_HTTP_ROUTE, route);
        if (!res.writableFinished) span.setAttribute(ATTR_ERROR_TYPE, 'aborted').setStatus({ code: SpanStatusCode.ERROR });
        else {
          span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
          if (res.statusCode >= 500) span.setAttribute(ATTR_ERROR_TYPE, String(res.statusCode)).setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      });
      // In the request's own context, not a nested one (`enterRequestTraceContext`): every request pays for this.
      return enterRequestTraceContext(trace.setSpan(parent, span), then ? () => then(req, res, next) : next);
    };
  }

  /**
   * A PRODUCER span for an outbox row the relay publishes, child of the context the row was written in (its
   * `headers`, kept through the outbox); the message then carries this span on.
   */
  publishing(message: TracedMessage, headers: Record<string, unknown>): Publishing {
    const parent = propagation.extract(ROOT_CONTEXT, headers);
    const span = this.tracer.startSpan(`publish ${message.type}`, { kind: SpanKind.PRODUCER, attributes: messagingAttributes(message, 'send') }, parent);
    const sent = { ...headers };
    propagation.inject(trace.setSpan(parent, span), sent);
    return {
      headers: sent,
      end: (error) => {
        if (error) failed(span, error);
        span.end();
      },
    };
  }

  /**
   * Runs `handle` in a CONSUMER span, child of the message's `traceparent` (its publish span), so the events
   * the handler writes to the outbox carry the trace on.
   */
  async inConsumerSpan<T>(message: TracedMessage, headers: Record<string, unknown> | undefined, handle: () => Promise<T>): Promise<T> {
    const parent = propagation.extract(ROOT_CONTEXT, headers ?? {});
    const span = this.tracer.startSpan(`process ${message.type}`, { kind: SpanKind.CONSUMER, attributes: messagingAttributes(message, 'process') }, parent);
    try {
      return await context.with(trace.setSpan(parent, span), handle);
    } catch (error) {
      failed(span, error as Error);
      throw error;
    } finally {
      span.end();
    }
  }

  /** Exports the spans still buffered (those the collector has not taken within EXPORT_ON_STOP_MS are lost), then stops. */
  async stop(): Promise<void> {
    await orAfter(this.provider.shutdown(), EXPORT_ON_STOP_MS, undefined);
  }
}

function failed(span: Span, error: Error): void {
  span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}

function messagingAttributes(message: TracedMessage, operation: 'send' | 'process'): Attributes {
  return {
    [MESSAGING_SYSTEM]: 'rabbitmq',
    [MESSAGING_OPERATION_TYPE]: operation,
    [MESSAGING_DESTINATION_NAME]: message.exchange,
    [MESSAGING_RABBITMQ_ROUTING_KEY]: message.type,
    [MESSAGING_MESSAGE_ID]: message.id,
  };
}

/** OTEL_TRACES_SAMPLER as the SDK's samplers: `parentbased_…` follow the caller's decision, the others decide alone. */
function samplerOf({ OTEL_TRACES_SAMPLER: name, OTEL_TRACES_SAMPLER_ARG: ratio }: TracingConfig): Sampler {
  const own = name.replace(/^parentbased_/, '');
  const root = own === 'always_on' ? new AlwaysOnSampler() : own === 'always_off' ? new AlwaysOffSampler() : new TraceIdRatioBasedSampler(ratio);
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * The SDK says what goes wrong (an export the collector refused or never answered: those spans are lost) only
 * to the API's diagnostic logger, silent until one is set: the first component that traces sets its own, at warn.
 */
let reporting = false;
function reportSdkTrouble(logger: Logger): void {
  if (reporting) return;
  reporting = true;
  const sdk = logger.child({ component: 'opentelemetry' });
  const warn = (message: string, ...args: unknown[]) => sdk.warn(args.length > 0 ? { details: args.map(String) } : {}, message);
  const ignore = () => undefined;
  diag.setLogger({ error: warn, warn, info: ignore, debug: ignore, verbose: ignore }, DiagLogLevel.WARN);
}
