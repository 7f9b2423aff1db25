import { startSystem, type RunningSystem } from '@crm/system';
import { rmSync } from 'node:fs';
import { ApiClient } from './api-client';
import { Mailbox } from './mailbox';
import { prismProxy } from './prism-proxy';
import { resetBrokerNamespace } from './broker-namespace';
import { EMBEDDED } from './test-env';

/** Most suites are not about limits; the rate-limit suite sets its own. */
const GENEROUS_LIMITS = { THROTTLE_RATES: 'read=100000/hour,write=100000/hour,anon=100000/minute,unauthenticated=100000/minute', FORM_RATE: '100000/minute' };

export interface TestSystem extends RunningSystem {
  api: ApiClient;
  /** The SMTP server auth sends its e-mail to (SMTP_URL), unless the overrides name another (or none: `SMTP_URL: ''`). */
  mailbox: Mailbox;
}

/** The whole system in this process on free ports, with the test settings plus `overrides`. */
export async function startTestSystem(overrides: Record<string, string> = {}): Promise<TestSystem> {
  // The worker's namespace may hold events the suite before this one left unconsumed. A suite with a
  // namespace of its own (ownServers) resets it itself, and may restart on what it left there on purpose.
  if (process.env.AMQP_URL && overrides.AMQP_NAMESPACE === undefined) await resetBrokerNamespace(process.env.AMQP_URL, process.env.AMQP_NAMESPACE!);
  const mailbox = await Mailbox.start();
  const system = await startSystem({ env: { ...process.env, ...GENEROUS_LIMITS, SMTP_URL: mailbox.url, ...overrides }, ports: 'any' }).catch(async (error: unknown) => {
    await mailbox.stop();
    throw error;
  });
  // `npm run contracts:prism`: the suite's requests pass through Prism, which logs every answer not as documented.
  const prism = process.env.PRISM_LOG ? await prismProxy(system.gatewayUrl, process.env.PRISM_LOG) : undefined;
  const stop = async () => {
    prism?.stop();
    await system.stop();
    await mailbox.stop();
    // The embedded databases of this file (about 40 MB each) are not needed once it is done.
    if (EMBEDDED) rmSync(process.env.EMBEDDED_DATA_DIR!, { recursive: true, force: true });
  };
  const gatewayUrl = prism?.url ?? system.gatewayUrl;
  return { ...system, gatewayUrl, stop, api: new ApiClient(gatewayUrl), mailbox };
}
