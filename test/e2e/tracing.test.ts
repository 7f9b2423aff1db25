import { randomBytes } from 'node:crypto';
import { createLead } from '../support/leads';
import { SpanKind, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { startWithTenant } from '../support/suite';
import type { TestSystem } from '../support/system';
import { eventually, type TenantAdmin } from '../support/tenants';

/**
 * Traces (issue 23.4, architecture §5, Traces): W3C trace context from the client through the gateway, the service and
 * the broker to the services handling the events, exported over OTLP; nothing without an endpoint.
 */
const LEAD = { first_name: 'Ada', last_name: 'Lovelace', company_name: 'Analytical Engines', opportunity_amount: '10.00', currency: 'GBP' };

/** A client's own span: `traceparent` version 00, sampled. */
function clientTraceparent(): { traceId: string; spanId: string; header: string } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, header: `00-${traceId}-${spanId}-01` };
}

/** The one span of `spans` that `matches`; fails naming what was there otherwise. */
function theSpan(spans: ReceivedSpan[], what: string, matches: (span: ReceivedSpan) => boolean): ReceivedSpan {
  const found = spans.filter(matches);
  if (found.length !== 1) throw new Error(`${found.length} spans for ${what} in ${JSON.stringify(spans.map(({ service, name, kind }) => `${service}: ${name} (${SpanKind[kind]})`))}`);
  return found[0]!;
}

describe('with an OTLP endpoint', () => {
  let receiver: OtlpReceiver, system: TestSystem, admin: TenantAdmin;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    ({ system, admin } = await startWithTenant({
      settings: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '50' },
    }));
  });
  afterAll(async () => {
    await system?.stop();
    await receiver?.stop();
  });

  it('when a client converts a lead with a traceparent, then one trace runs from the gateway through leads and lead.converted to the services handling it, each span named after its service', async () => {
    const lead = await createLead(system.api, admin.access, LEAD);
    const client = clientTraceparent();
    const res = await system.api.put(`/api/leads/${lead.id}/`, { ...LEAD, status: 'converted' }, { token: admin.access, headers: { traceparent: client.header } });
    expect(res.status).toBe(200);

    const inTrace = () => receiver.spans.filter((span) => span.traceId === client.traceId);
    const handled = (service: string, span: ReceivedSpan) => span.service === service && span.kind === SpanKind.Consumer && span.name === 'process lead.converted';
    // The handlers' own events are published from their consumer spans: the trace goes on past the first hop.
    const publishedBy = (service: string) => (span: ReceivedSpan) => span.service === service && span.kind === SpanKind.Producer;
    // The PUT answers once the handlers are done: its own spans end, and arrive, last.
    const answered = (service: string) => (span: ReceivedSpan) => span.service === service && span.kind === SpanKind.Server && span.attributes['http.request.method'] === 'PUT';
    const spans = await eventually(
      async () => {
        const sofar = inTrace();
        const handlers = ['accounts-opportunities', 'contacts'].every((service) => sofar.some((span) => handled(service, span)) && sofar.some(publishedBy(service)));
        return handlers && sofar.some(answered('gateway')) && sofar.some(answered('leads')) ? sofar : undefined;
      },
      15_000,
      'the spans of the conversion and of its event handlers',
    );

    const gateway = theSpan(spans, "the gateway's request", answered('gateway'));
    expect(gateway).toMatchObject({ parentSpanId: client.spanId, name: 'PUT /api/leads/:id/', attributes: { 'http.request.method': 'PUT', 'http.route': '/api/leads/:id/', 'http.response.status_code': 200 } });
    const leads = theSpan(spans, "leads' request", answered('leads'));
    expect(leads).toMatchObject({ parentSpanId: gateway.spanId, name: 'PUT /api/leads/:id/' });
    const published = theSpan(spans, 'the publishing of lead.converted', (span) => publishedBy('leads')(span) && span.name === 'publish lead.converted');
    expect(published.parentSpanId).toBe(leads.spanId);
    expect(published.attributes).toMatchObject({ 'messaging.system': 'rabbitmq', 'messaging.rabbitmq.destination.routing_key': 'lead.converted' });
    for (const service of ['accounts-opportunities', 'contacts']) {
      const consumed = theSpan(spans, `${service} handling lead.converted`, (span) => handled(service, span));
      expect(consumed.parentSpanId).toBe(published.spanId);
      expect(spans.filter(publishedBy(service)).map((span) => span.parentSpanId)).toContain(consumed.spanId);
    }
  });

  it('when a request comes without a traceparent, then the gateway starts a trace of its own and the service continues it', async () => {
    const before = receiver.spans.length;
    expect((await system.api.get('/api/leads/', { token: admin.access })).status).toBe(200);
    const [gateway, leads] = await eventually(async () => {
      const recent = receiver.spans.slice(before);
      const root = recent.find((span) => span.service === 'gateway' && span.name === 'GET /api/leads/');
      const child = root && recent.find((span) => span.service === 'leads' && span.parentSpanId === root.spanId);
      return child ? [root, child] : undefined;
    });
    expect(gateway!.parentSpanId).toBe('');
    expect(leads!).toMatchObject({ traceId: gateway!.traceId, kind: SpanKind.Server, name: 'GET /api/leads/' });
  });
});

describe('without an OTLP endpoint (the default)', () => {
  // Where an SDK started without an endpoint would send (OTLP/HTTP's default, localhost:4318): nothing may arrive.
  let receiver: OtlpReceiver, system: TestSystem, admin: TenantAdmin;
  beforeAll(async () => {
    receiver = await startOtlpReceiver(4318);
    ({ system, admin } = await startWithTenant({ settings: { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '50' } }));
  });
  afterAll(async () => {
    await system?.stop();
    await receiver?.stop();
  });

  it('when a lead is converted with a traceparent, then it works and nothing is exported', async () => {
    const lead = await createLead(system.api, admin.access, LEAD);
    const res = await system.api.put(`/api/leads/${lead.id}/`, { ...LEAD, status: 'converted' }, { token: admin.access, headers: { traceparent: clientTraceparent().header } });
    expect(res.status).toBe(200);
    expect(res.body.conversion_status).toBe('completed');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests).toBe(0);
  });
});
