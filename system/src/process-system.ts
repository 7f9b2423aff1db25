import { startGateway } from '@crm/gateway';
import { createLogger } from '@crm/platform';
import { freePort, startServiceProcess, waitForLine, type ServiceProcess } from './processes';
import { SERVICE_PROCESSES } from './service-list';

export { SERVICE_PROCESSES, type ServiceName } from './service-list';

/**
 * The system as production runs it: every service in its own process (the compiled `main.js`) on a
 * fixed free port, so one can be stopped, killed and started again where the gateway expects it; the
 * gateway in this process.
 */
export interface ProcessSystem {
  gatewayUrl: string;
  /** Where each service listens (its probes, its metrics). */
  serviceUrls: Record<string, string>;
  running: Record<string, ServiceProcess>;
  start(name: string, extraEnv?: Record<string, string>): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(name: string): Promise<void>;
  /** SIGKILL, then waits for the exit. */
  kill(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface ProcessSystemOptions {
  /** Settings of every service process (each start may add more), on top of this process's env. LOG_LEVEL must let "info" through: a start waits for the "listening" line. */
  serviceEnv?: Record<string, string | undefined>;
  /** Settings of the gateway (on top of this process's env and the services' URLs). */
  gatewayEnv?: Record<string, string | undefined>;
}

const exitedAlready = (service: ServiceProcess) => service.child.exitCode !== null || service.child.signalCode !== null;

/**
 * A process's own internal signing key, from `<NAME>_INTERNAL_SIGNING_KEY` (as compose's .env names them), never
 * one INTERNAL_SIGNING_KEY for every process; none given (empty counts as unset): its development key.
 */
const ownSigningKey = (name: string): Record<string, string> => ({
  INTERNAL_SIGNING_KEY: process.env[`${name.toUpperCase().replace(/-/g, '_')}_INTERNAL_SIGNING_KEY`] ?? '',
});

export async function startProcessSystem(options: ProcessSystemOptions = {}): Promise<ProcessSystem> {
  const ports: Record<string, number> = {};
  const running: Record<string, ServiceProcess> = {};
  for (const { name } of SERVICE_PROCESSES) ports[name] = await freePort();
  let gatewayPort: number;
  while (Object.values(ports).includes((gatewayPort = await freePort())));

  // Every service knows where the others are (import-export calls leads and contacts), and where clients reach the gateway (its links).
  const urls = Object.fromEntries(SERVICE_PROCESSES.map(({ name, setting }) => [setting, `http://127.0.0.1:${ports[name]}`]));
  const publicBaseUrl = { PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || `http://127.0.0.1:${gatewayPort}` };
  const start = async (name: string, extraEnv: Record<string, string> = {}): Promise<void> => {
    const started = startServiceProcess(name, { ...urls, ...publicBaseUrl, ...ownSigningKey(name), ...options.serviceEnv, PORT: String(ports[name]), ...extraEnv });
    running[name] = started;
    await waitForLine(started, 'listening');
  };
  const signal = async (name: string, signalName: NodeJS.Signals): Promise<void> => {
    const service = running[name]!;
    if (exitedAlready(service)) return;
    service.child.kill(signalName);
    await service.exited;
  };

  for (const { name } of SERVICE_PROCESSES) await start(name);
  const env: Record<string, string | undefined> = {
    ...process.env,
    THROTTLE_RATES: 'read=100000/hour,write=100000/hour,anon=100000/minute,unauthenticated=100000/minute',
    ...ownSigningKey('gateway'),
    ...options.gatewayEnv,
    ...urls,
  };
  const gateway = await startGateway({ env, port: gatewayPort, metricsPort: 0, logger: createLogger('gateway', env.GATEWAY_LOG_LEVEL ?? 'silent') });

  return {
    gatewayUrl: gateway.url,
    serviceUrls: Object.fromEntries(SERVICE_PROCESSES.map(({ name }) => [name, `http://127.0.0.1:${ports[name]}`])),
    running,
    start,
    stop: (name) => signal(name, 'SIGTERM'),
    kill: (name) => signal(name, 'SIGKILL'),
    close: async () => {
      await gateway.stop();
      await Promise.all(Object.keys(running).map((name) => signal(name, 'SIGTERM')));
    },
  };
}
