import { Writable } from 'node:stream';
import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { createLogger, loadConfig, tracingConfig, Tracing } from '../../src';
import { setRequestTenant, withRequestId } from '../../src/http/request-context';

/** Every line logged while a request or a message is served names it and its tenant (docs/operations.md §12, Logs). */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger('test', 'info', destination), lines };
}

describe('the context of a log line', () => {
  it('when a line is logged while a message of a tenant is handled, then it carries request_id and tenant_id', async () => {
    const { logger, lines } = capturedLogger();
    await withRequestId('req-1', async () => {
      await Promise.resolve();
      logger.warn({ detail: 1 }, 'inside');
    }, 'tenant-a');
    expect(lines).toEqual([expect.objectContaining({ service: 'test', msg: 'inside', detail: 1, request_id: 'req-1', tenant_id: 'tenant-a' })]);
  });

  it('when a request learns its tenant from its caller, then the lines after say so; lines outside any request carry neither', () => {
    const { logger, lines } = capturedLogger();
    withRequestId('req-2', () => {
      logger.info('before the caller is known');
      setRequestTenant('tenant-b');
      logger.info('after');
    });
    logger.info('outside');
    expect(lines.map(({ msg, request_id, tenant_id }) => ({ msg, request_id, tenant_id }))).toEqual([
      { msg: 'before the caller is known', request_id: 'req-2', tenant_id: undefined },
      { msg: 'after', request_id: 'req-2', tenant_id: 'tenant-b' },
      { msg: 'outside', request_id: undefined, tenant_id: undefined },
    ]);
  });

  describe('in a trace', () => {
    // A component that traces registers the trace context with the API (this one records and exports nothing).
    let tracing: Tracing | undefined;
    beforeAll(() => {
      const settings = loadConfig(tracingConfig, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_TRACES_SAMPLER: 'always_off' });
      tracing = Tracing.start('test', settings, createLogger('test', 'silent'));
    });
    afterAll(() => tracing?.stop());

    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const spanId = 'b7ad6b7169203331';
    const inSpan = (traceFlags: TraceFlags, work: () => void) => context.with(trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags }), work);

    it('when a line is logged while a recorded span is active, then it carries trace_id and span_id; in a trace not sampled, or in none, neither', async () => {
      const { logger, lines } = capturedLogger();
      await withRequestId('req-3', () =>
        inSpan(TraceFlags.SAMPLED, async () => {
          await Promise.resolve();
          logger.info('recorded');
        }),
      );
      inSpan(TraceFlags.NONE, () => logger.info('not sampled'));
      logger.info('outside');
      expect(lines.map(({ msg, request_id, trace_id, span_id }) => ({ msg, request_id, trace_id, span_id }))).toEqual([
        { msg: 'recorded', request_id: 'req-3', trace_id: traceId, span_id: spanId },
        { msg: 'not sampled', request_id: undefined, trace_id: undefined, span_id: undefined },
        { msg: 'outside', request_id: undefined, trace_id: undefined, span_id: undefined },
      ]);
    });
  });
});
