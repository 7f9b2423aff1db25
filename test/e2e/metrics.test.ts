import { parsePrometheus, sampleValue, type Sample } from '../support/prometheus-text';
import { createLead } from '../support/leads';
import type { TestSystem } from '../support/system';
import { eventually, type TenantAdmin } from '../support/tenants';
import { startWithTenant } from '../support/suite';

const READ_LIMIT = 3;

let system: TestSystem, admin: TenantAdmin;
beforeAll(async () => ({ system, admin } = await startWithTenant({ settings: { THROTTLE_RATES: `read=${READ_LIMIT}/hour,write=100/hour,anon=100000/minute,unauthenticated=100000/minute` } })));
afterAll(() => system.stop());

async function scrape(baseUrl: string): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(`${baseUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, samples: parsePrometheus(text) };
}

describe('GET /metrics (architecture §5)', () => {
  it('when scraped without any token, then the gateway and every service answer in the Prometheus format, labelled with their name', async () => {
    for (const [name, url] of [['gateway', system.gatewayMetricsUrl], ...Object.values(system.services).map((s) => [s.name, s.url])] as const) {
      const { samples } = await scrape(url);
      expect(sampleValue(samples, 'process_resident_memory_bytes', { service: name })).toBeGreaterThan(0);
    }
  });

  it('when requests pass the gateway, then it counts them by route-table entry and status, and the leads service by its own route pattern', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Ada', email: 'ada@metrics.test' });
    for (let n = 0; n < READ_LIMIT; n += 1) expect((await system.api.get(`/api/leads/${lead.id}/`, { token: admin.access })).status).toBe(200);
    expect((await system.api.get(`/api/leads/${lead.id}/`, { token: admin.access })).status).toBe(429);
    expect((await system.api.get(`/api/leads/${lead.id}/`, { token: 'not-a-token' })).status).toBe(401);
    expect((await system.api.get('/api/nothing-here/', { token: admin.access })).status).toBe(404);

    const gateway = await scrape(system.gatewayMetricsUrl);
    const viaGateway = (method: string, route: string, status: string) => sampleValue(gateway.samples, 'http_requests_total', { service: 'gateway', method, route, status });
    expect(viaGateway('POST', '/api/leads/', '201')).toBe(1);
    expect(viaGateway('GET', '/api/leads/:id/', '200')).toBe(READ_LIMIT);
    expect(viaGateway('GET', '/api/leads/:id/', '429')).toBe(1);
    expect(viaGateway('GET', '/api/leads/:id/', '401')).toBe(1);
    expect(sampleValue(gateway.samples, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sampleValue(gateway.samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/leads/:id/', status: '200' })).toBe(READ_LIMIT);
    expect(sampleValue(gateway.samples, 'crm_rate_limit_rejections_total', { bucket: 'read' })).toBe(1);

    const leads = await scrape(system.services.leads!.url);
    expect(sampleValue(leads.samples, 'http_requests_total', { service: 'leads', method: 'GET', route: '/api/leads/:id/', status: '200' })).toBe(READ_LIMIT);
    expect(sampleValue(leads.samples, 'http_requests_total', { method: 'POST', route: '/api/leads/', status: '201' })).toBe(1);
    expect(leads.text).not.toContain(lead.id);
  });

  it('when events flow, then the producer reports its outbox drained and the consumers what they handled, with its lag and their queue', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Grace', email: 'grace@metrics.test' });
    const audit = await eventually(async () => {
      const { samples } = await scrape(system.services.audit!.url);
      // The registration's profile.created comes from auth's relay, the lead's from leads': in either order.
      const handled = (type: string) => (sampleValue(samples, 'crm_consumer_events_total', { type, outcome: 'handled' }) ?? 0) >= 1;
      return handled('lead.created') && handled('profile.created') ? samples : undefined;
    }, 15_000, 'lead.created and profile.created handled by audit');
    expect(sampleValue(audit, 'crm_consumer_lag_seconds_count', {})).toBeGreaterThanOrEqual(2); // profile.created of the registration too
    expect(sampleValue(audit, 'crm_consumer_queue_messages', {})).toBeGreaterThanOrEqual(0);
    expect(sampleValue(audit, 'crm_consumer_events_total', { outcome: 'failed' })).toBeUndefined();

    // The relay marks an event published once the broker confirmed it, which may be after audit handled it.
    const leads = await eventually(async () => {
      const scraped = await scrape(system.services.leads!.url);
      return sampleValue(scraped.samples, 'crm_outbox_backlog_events', { service: 'leads' }) === 0 ? scraped : undefined;
    }, 15_000, 'the leads outbox drained');
    expect(sampleValue(leads.samples, 'crm_outbox_oldest_event_age_seconds', {})).toBe(0);
    expect(leads.text).not.toContain(lead.id);
  });

  it("when /metrics is asked of the gateway's API port, then 404: the figures answer on their own port only", async () => {
    const res = await fetch(`${system.gatewayUrl}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_requests_total');
    await scrape(system.gatewayMetricsUrl);
  });
});
