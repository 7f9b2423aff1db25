import http from 'node:http';
import pino from 'pino';
import { GATEWAY_ISSUER, InternalTokenSigner } from '@crm/platform';
import { UPSTREAM_SERVICES, type UpstreamService } from '../src/config';
import { createUpstreamProxy, POOLED_AGENT_OPTIONS } from '../src/proxy/upstream-proxy';

/**
 * The keep-alive agent towards the services hands out its idle sockets first in, first out: with Node's
 * default (LIFO) the most recently used socket is reused again and again, so the pods an autoscaler adds
 * behind a Service (new sockets, idle at the back of the pool) get little of the traffic.
 */
describe('the upstream keep-alive agent', () => {
  afterEach(() => jest.restoreAllMocks());

  it('schedules its idle sockets FIFO, and keeps them alive', () => {
    expect(POOLED_AGENT_OPTIONS).toMatchObject({ keepAlive: true, scheduling: 'fifo' });
  });

  it('is the agent the proxy really pools its upstream connections in', () => {
    const Agent = jest.spyOn(http, 'Agent');
    const proxy = createUpstreamProxy({
      targets: Object.fromEntries(UPSTREAM_SERVICES.map((service) => [service, 'http://127.0.0.1:9'])) as Record<UpstreamService, string>,
      signer: new InternalTokenSigner(GATEWAY_ISSUER),
      timeoutMs: 1_000,
      logger: pino({ level: 'silent' }),
    });
    try {
      const pooled = Agent.mock.calls.map(([options]) => options).filter((options) => options?.keepAlive && options.scheduling !== undefined);
      expect(pooled).toEqual([expect.objectContaining({ keepAlive: true, scheduling: 'fifo' })]);
      // The agent itself, as built: its options are what it schedules by.
      const index = Agent.mock.calls.findIndex(([options]) => options === pooled[0]);
      const agent = (Agent.mock.results[index]!.value ?? Agent.mock.instances[index]) as http.Agent & { options: http.AgentOptions };
      expect(agent.options.scheduling).toBe('fifo');
    } finally {
      proxy.close();
    }
  });
});
