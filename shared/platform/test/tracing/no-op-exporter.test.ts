import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import express from 'express';
import request from 'supertest';
import { loadConfig, tracingConfig } from '../../src/config/config';
import { accessLog } from '../../src/http/access-log';
import { requestIdMiddleware, setRequestTenant } from '../../src/http/request-context';
import { createLogger } from '../../src/logging/logger';
import { Tracing } from '../../src/tracing';

const logger = createLogger('test', 'silent');
const started = (settings: Record<string, string>) => Tracing.start('test', loadConfig(tracingConfig, settings), logger);

describe('tracing without an endpoint', () => {
  it('when neither an endpoint nor OTEL_TRACES_EXPORTER=none is set, then no tracing starts', () => {
    expect(started({})).toBeUndefined();
    expect(started({ OTEL_TRACES_EXPORTER: 'none', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
  });

  it('when OTEL_TRACES_EXPORTER=none, then requests are served in recorded spans that go nowhere', async () => {
    const tracing = started({ OTEL_TRACES_EXPORTER: 'none' });
    expect(tracing).toBeDefined();
    try {
      const app = express()
        .use(tracing!.serverSpans(() => 'GET /traced'))
        .get('/traced', (_req, res) => {
          const span = trace.getActiveSpan();
          res.json({ recording: span?.isRecording() ?? false, traceId: span?.spanContext().traceId });
        });
      const answer = await request(app).get('/traced').set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
      expect(answer.body).toEqual({ recording: true, traceId: '0af7651916cd43dd8448eb211c80319c' });
    } finally {
      await tracing?.stop();
    }
  });

  it('when a request is served in its server span, then the middleware given runs in the span, and the request\'s own context carries the span: its access log line has the trace and the tenant learnt inside', async () => {
    const tracing = started({ OTEL_TRACES_EXPORTER: 'none' })!;
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    let traceSeenByNext: string | undefined;
    try {
      const app = express()
        .use(requestIdMiddleware)
        .use(accessLog(createLogger('test', 'info', destination), () => undefined))
        .use(
          tracing.serverSpans(
            () => 'GET /traced',
            (_req, _res, next) => {
              traceSeenByNext = trace.getActiveSpan()?.spanContext().traceId;
              next();
            },
          ),
        )
        .get('/traced', (_req, res) => {
          setRequestTenant('tenant-t');
          res.json({});
        });
      await request(app).get('/traced').set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01').expect(200);
      expect(traceSeenByNext).toBe('0af7651916cd43dd8448eb211c80319c');
      expect(lines).toEqual([expect.objectContaining({ msg: 'request', trace_id: '0af7651916cd43dd8448eb211c80319c', tenant_id: 'tenant-t' })]);
    } finally {
      await tracing.stop();
    }
  });
});
