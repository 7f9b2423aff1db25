import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Caller } from '@crm/platform';
import Redis from 'ioredis';
import pino, { type Logger } from 'pino';
import { startGateway, type RunningGateway } from '../../src';
import {
  TEST_AUDIENCE,
  TEST_INTERNAL_SIGNING_KEY,
  TEST_ISSUER,
  startFakeAuth,
  startFakeService,
  type FakeAuth,
  type FakeService,
} from './fake-upstreams';

export const SERVICE_SETTINGS = {
  leads: 'LEADS_SERVICE_URL',
  contacts: 'CONTACTS_SERVICE_URL',
  'accounts-opportunities': 'ACCOUNTS_OPPORTUNITIES_SERVICE_URL',
  'import-export': 'IMPORT_EXPORT_SERVICE_URL',
  audit: 'AUDIT_SERVICE_URL',
} as const;
export type FakeServiceName = keyof typeof SERVICE_SETTINGS;

export interface Upstreams {
  auth: FakeAuth;
  services: Record<FakeServiceName, FakeService>;
  /** The gateway settings pointing at them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startUpstreams(): Promise<Upstreams> {
  const auth = await startFakeAuth();
  const services = {} as Record<FakeServiceName, FakeService>;
  const env: Record<string, string> = { AUTH_SERVICE_URL: auth.url };
  for (const [name, setting] of Object.entries(SERVICE_SETTINGS) as Array<[FakeServiceName, string]>) {
    services[name] = await startFakeService(name);
    env[setting] = services[name].url;
  }
  return {
    auth,
    services,
    env,
    close: async () => {
      await auth.close();
      await Promise.all(Object.values(services).map((service) => service.close()));
    },
  };
}

/** Log lines the gateway wrote, parsed. */
export interface CapturedLog {
  logger: Logger;
  lines: Array<{ level: string; msg: string } & Record<string, unknown>>;
}

export function captureLog(level = 'info'): CapturedLog {
  const lines: CapturedLog['lines'] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const logger = pino({ level, formatters: { level: (label) => ({ level: label }) } }, stream);
  return { logger, lines };
}

/** The gateway in-process on a free port, its Redis keys under a prefix of its own (deleted on stop). */
export async function startTestGateway(
  env: Record<string, string | undefined>,
  logger?: Logger,
): Promise<RunningGateway & { keyPrefix: string }> {
  const keyPrefix = `test:gateway:${randomUUID()}:`;
  const gateway = await startGateway({
    env: {
      ...process.env,
      INTERNAL_SIGNING_KEY: TEST_INTERNAL_SIGNING_KEY,
      JWT_ISSUER: TEST_ISSUER,
      JWT_AUDIENCE: TEST_AUDIENCE,
      REDIS_KEY_PREFIX: keyPrefix,
      ...env,
    },
    port: 0,
    metricsPort: 0,
    logger: logger ?? pino({ level: 'silent' }),
  });
  const stop = gateway.stop;
  let cleaned: Promise<void> | undefined;
  const stopAndForget = () =>
    (cleaned ??= stop().then(async () => {
      const redis = new Redis(process.env.REDIS_URL!);
      await deleteKeys(redis, keyPrefix);
      redis.disconnect();
    }));
  return Object.assign(gateway, { keyPrefix, stop: stopAndForget });
}

export const ALL_SCOPES = ['leads', 'contacts', 'accounts', 'opportunities', 'tasks', 'audit'].flatMap((resource) => [
  `${resource}:read`,
  `${resource}:write`,
]);

export function apiTokenCaller(id: string, scopes: string[], userId = randomUUID()): Caller {
  return {
    userId,
    tenantId: 'tenant-1',
    profileId: `profile-of-${userId}`,
    role: 'admin',
    salesAccess: true,
    scopes,
    credential: { kind: 'api_token', id },
  };
}

/** Removes a test gateway's Redis keys (other suites share the test database). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

/** A response's JSON body, untyped (the tests look into what the fake upstreams echo). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const jsonOf = (res: Response): Promise<any> => res.json();

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
