import { startSystem, type RunningSystem } from '@crm/system';
import { ApiClient } from './api-client';

/** Most suites are not about limits; the rate-limit suite sets its own. */
const GENEROUS_LIMITS = { THROTTLE_RATES: 'read=100000/hour,write=100000/hour,anon=100000/minute' };

export interface TestSystem extends RunningSystem {
  api: ApiClient;
}

/** The whole system in this process on free ports, with the test settings plus `overrides`. */
export async function startTestSystem(overrides: Record<string, string> = {}): Promise<TestSystem> {
  const system = await startSystem({ env: { ...process.env, ...GENEROUS_LIMITS, ...overrides }, ports: 'any' });
  return { ...system, api: new ApiClient(system.gatewayUrl) };
}
