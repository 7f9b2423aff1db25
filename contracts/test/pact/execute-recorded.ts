import type { PactV3, V3MockServer } from '@pact-foundation/pact';

/** PactV3's own handle on its mock server (not in its typings). */
interface MockServerHandle {
  pact: { mockServerMatchedSuccessfully(port: number): boolean };
}

const RECORDING_TIMEOUT_MS = 2_000;

/**
 * `pact.executeTest`, except that before Pact checks what its mock server received, it waits until the
 * mock server has recorded its matches. The mock server answers a request before it records the match
 * (pact-foundation/pact-core-mock-server#13, pact-reference#535: a race in pact 16.3 and later), so
 * under load Pact could report "expected but not received" for a request it had answered. A request
 * that really did not come still fails the test, after the timeout.
 */
export function executeRecorded<T>(pact: PactV3, testFn: (mockServer: V3MockServer) => Promise<T>): Promise<T | undefined> {
  return pact.executeTest(async (mockServer) => {
    const result = await testFn(mockServer);
    const { pact: handle } = pact as unknown as MockServerHandle;
    const deadline = Date.now() + RECORDING_TIMEOUT_MS;
    while (!handle.mockServerMatchedSuccessfully(mockServer.port) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return result;
  });
}
