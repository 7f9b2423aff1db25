import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { listen, type RunningServer } from '@crm/platform';
import express, { type RequestHandler } from 'express';
import { closedPort, signAccessToken } from './support/fake-upstreams';
import { ALL_SCOPES, bearer, jsonOf, startTestGateway, startUpstreams, type Upstreams } from './support/gateway-harness';
import { parsePrometheus, sampleValue } from '../../test/support/prometheus-text';
import { eventually } from '../../test/support/tenants';

/**
 * The gateway sends a request again when its service cannot have seen it (connection refused), for up
 * to UPSTREAM_RETRY_MS, so a service restarting delays requests instead of failing them; a read or a
 * write with an Idempotency-Key also when its connection was lost before any answer. A write without a
 * key the service may have acted on is never sent twice.
 */
describe('gateway retries of requests a service never saw', () => {
  let upstreams: Upstreams;
  let token: string;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    upstreams = await startUpstreams();
    token = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
  });
  afterAll(async () => {
    await upstreams.close();
  });

  /** A leads service stand-in on `port`, recording each request body it read, answering with it. */
  async function leadsService(port: number, before?: RequestHandler): Promise<{ server: RunningServer; bodies: string[] }> {
    const bodies: string[] = [];
    const app = express();
    if (before) app.use(before);
    app.use(express.text({ type: '*/*' }), async (req, res) => {
      bodies.push(typeof req.body === 'string' ? req.body : '');
      await sleep(5);
      res.status(req.method === 'POST' ? 201 : 200).json({ body: req.body ?? null });
    });
    return { server: await listen(app, port), bodies };
  }

  // Limits out of the way: the steady-traffic case writes as fast as it can, past the default 200 writes an hour on a fast machine.
  const gatewayTo = (port: number, retryMs = 5_000) =>
    startTestGateway({
      ...upstreams.env,
      LEADS_SERVICE_URL: `http://127.0.0.1:${port}`,
      UPSTREAM_RETRY_MS: String(retryMs),
      THROTTLE_RATES: 'read=100000/hour,write=100000/hour',
    });

  /** `crm_gateway_upstream_trouble_total` of the leads service, as the gateway's /metrics reports it. */
  const troubleCount = async (metricsUrl: string, what: string) => {
    const text = await (await fetch(`${metricsUrl}/metrics`)).text();
    return sampleValue(parsePrometheus(text), 'crm_gateway_upstream_trouble_total', { service: 'leads', what }) ?? 0;
  };

  const post = (gatewayUrl: string, body: string) =>
    fetch(`${gatewayUrl}/api/leads/`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body });

  it('when the service is not listening yet, then a POST waits for it and is handled once, body intact', async () => {
    const port = await closedPort();
    const gateway = await gatewayTo(port);
    let service: Awaited<ReturnType<typeof leadsService>> | undefined;
    try {
      const body = JSON.stringify({ first_name: 'Ada', note: 'x'.repeat(50_000) });
      const answer = post(gateway.url, body);
      // The service starts once the gateway has found it away (an attempt refused, to be retried), however long the
      // POST took to reach that point: a fixed pause lost that race on a loaded machine, and nothing was retried.
      await eventually(async () => ((await troubleCount(gateway.metricsUrl, 'retried')) >= 1 ? true : undefined), 10_000, 'a refused attempt');
      service = await leadsService(port);
      const res = await answer;
      expect(res.status).toBe(201);
      expect((await jsonOf(res)).body).toBe(body);
      expect(service.bodies).toEqual([body]);
      expect(await troubleCount(gateway.metricsUrl, 'unavailable')).toBe(0);
    } finally {
      await gateway.stop();
      await service?.server.close(0);
    }
  });

  it('when the service stays away for many attempts, then each failed attempt lets go of what it subscribed to', async () => {
    const port = await closedPort();
    const gateway = await gatewayTo(port, 8_000);
    // The most 'error' listeners any response of the gateway held at once (one more per attempt, before).
    let mostErrorListeners = 0;
    const subscribe = http.ServerResponse.prototype.on;
    http.ServerResponse.prototype.on = function (this: http.ServerResponse, event: string | symbol, listener: (...args: any[]) => void) {
      const subscribed = subscribe.call(this, event, listener);
      if (event === 'error') mostErrorListeners = Math.max(mostErrorListeners, this.listenerCount('error'));
      return subscribed;
    };
    let service: Awaited<ReturnType<typeof leadsService>> | undefined;
    try {
      const answer = post(gateway.url, JSON.stringify({ first_name: 'Patient' }));
      // 50, 100, 200, 400 ms, then every 500 ms: over 5 s, a dozen attempts and more.
      await sleep(5_500);
      service = await leadsService(port);
      expect((await answer).status).toBe(201);
      expect(mostErrorListeners).toBeGreaterThan(0);
      expect(mostErrorListeners).toBeLessThan(4);
    } finally {
      delete (http.ServerResponse.prototype as { on?: unknown }).on;
      await gateway.stop();
      await service?.server.close(0);
    }
  }, 20_000);

  /** A leads stand-in whose first PATCH is cut off (its connection destroyed) before any answer: a crash mid-request. */
  async function crashingOnFirstPatch(port: number) {
    const counts = { resets: 0 };
    const service = await leadsService(port, (req, _res, next) => {
      if (req.method === 'PATCH' && counts.resets === 0) {
        counts.resets += 1;
        req.socket.destroy();
        return;
      }
      next();
    });
    return { ...service, counts };
  }

  const patch = (gatewayUrl: string, headers: Record<string, string> = {}) =>
    fetch(`${gatewayUrl}/api/leads/${randomUUID()}/`, {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json', ...headers },
      body: '{"status":"contacted"}',
    });

  it('when a write with an Idempotency-Key loses its connection before any answer, then it goes again', async () => {
    const port = await closedPort();
    const service = await crashingOnFirstPatch(port);
    const gateway = await gatewayTo(port);
    try {
      const res = await patch(gateway.url, { 'Idempotency-Key': randomUUID() });
      expect(res.status).toBe(200);
      expect(service.counts.resets).toBe(1);
      expect(service.bodies).toEqual(['{"status":"contacted"}']);
    } finally {
      await gateway.stop();
      await service.server.close(0);
    }
  });

  it('when a write without a key loses its connection before any answer, then it is not sent again (the service may have acted): 503', async () => {
    const port = await closedPort();
    const service = await crashingOnFirstPatch(port);
    const gateway = await gatewayTo(port);
    try {
      const res = await patch(gateway.url);
      expect(res.status).toBe(503);
      await sleep(200);
      expect(service.counts.resets).toBe(1);
      expect(service.bodies).toEqual([]);
    } finally {
      await gateway.stop();
      await service.server.close(0);
    }
  });

  it('when a read loses its connection before any answer, then it goes again', async () => {
    const port = await closedPort();
    let resets = 0;
    const service = await leadsService(port, (req, _res, next) => {
      if (resets === 0) {
        resets += 1;
        req.socket.destroy();
        return;
      }
      next();
    });
    const gateway = await gatewayTo(port);
    try {
      expect((await fetch(`${gateway.url}/api/leads/`, { headers: bearer(token) })).status).toBe(200);
      expect(resets).toBe(1);
    } finally {
      await gateway.stop();
      await service.server.close(0);
    }
  });

  it('when the connection breaks after the answer began, then the request is not sent again', async () => {
    const port = await closedPort();
    let handled = 0;
    const service = await leadsService(port, (_req, res) => {
      handled += 1;
      res.writeHead(201, { 'content-type': 'application/json' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const gateway = await gatewayTo(port);
    try {
      const res = await post(gateway.url, '{"first_name":"Ada"}');
      expect(res.status).toBe(201);
      await expect(res.text()).rejects.toThrow();
      await sleep(200);
      expect(handled).toBe(1);
    } finally {
      await gateway.stop();
      await service.server.close(0);
    }
  });

  it('when the service stays away past UPSTREAM_RETRY_MS, then 503 and nothing was sent', async () => {
    const port = await closedPort();
    const gateway = await gatewayTo(port, 200);
    try {
      const started = Date.now();
      const res = await post(gateway.url, '{"first_name":"Ada"}');
      expect(res.status).toBe(503);
      expect(await jsonOf(res)).toEqual({ detail: 'Service unavailable.' });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await troubleCount(gateway.metricsUrl, 'unavailable')).toBe(1);
    } finally {
      await gateway.stop();
    }
  });

  // Writes carry keys, as a client that wants retries does: a connection the closing listener still held
  // in its accept queue is reset unread, which the gateway cannot tell from a crash mid-request.
  it('when the service drains and restarts under steady traffic, then every read and keyed write is answered and handled once', async () => {
    const port = await closedPort();
    let service = await leadsService(port);
    const handled: string[] = [];
    const gateway = await gatewayTo(port);
    const sent: string[] = [];
    const failures: string[] = [];
    let running = true;
    const client = async (name: string) => {
      for (let n = 0; running; n += 1) {
        const read = n % 3 === 0;
        const body = JSON.stringify({ id: `${name}-${n}` });
        if (!read) sent.push(body);
        const res = read
          ? await fetch(`${gateway.url}/api/leads/`, { headers: bearer(token) })
          : await fetch(`${gateway.url}/api/leads/`, {
              method: 'POST',
              headers: { ...bearer(token), 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
              body,
            });
        if (res.status !== (read ? 200 : 201)) failures.push(`${res.status} ${await res.text()}`);
        else await res.text();
      }
    };
    try {
      const clients = Promise.all(['a', 'b', 'c', 'd'].map(client));
      for (let restart = 0; restart < 3; restart += 1) {
        await sleep(300);
        await service.server.close(5_000);
        handled.push(...service.bodies);
        await sleep(200);
        service = await leadsService(port);
      }
      await sleep(300);
      running = false;
      await clients;
      handled.push(...service.bodies);
      expect(failures).toEqual([]);
      expect(sent.length).toBeGreaterThan(20);
      expect(handled.filter((body) => body !== '').sort()).toEqual([...sent].sort());
    } finally {
      running = false;
      await gateway.stop();
      await service.server.close(0);
    }
  });
});
