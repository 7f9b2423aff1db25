import type { ConnectionOptions } from 'node:tls';
import type { Logger } from '@crm/platform';
import Redis from 'ioredis';

/**
 * The gateway's Redis connection, tuned so that a dead Redis fails fast instead of queueing requests:
 * no offline queue (a command while disconnected fails at once), one retry per command, short connect
 * and command timeouts, commands auto-pipelined. It keeps reconnecting in the background (backing off to 2 s).
 */
export function createGatewayRedis(url: string, keyPrefix: string, logger: Logger, tls?: ConnectionOptions): Redis {
  const redis = new Redis(url, {
    // With a rediss:// url: its CA and client certificate (REDIS_CA_FILE …). Undefined for redis://, or ioredis would use TLS anyway.
    ...(tls && { tls }),
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    disconnectTimeout: 200,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // The commands of requests handled in the same tick (rate-limit counts, token lookups) go out as one
    // write and come back as one read: a syscall pair per batch instead of per request.
    enableAutoPipelining: true,
  });
  // Errors repeat on every reconnect attempt; the rate limiter reports the outage once (warn).
  redis.on('error', (error: Error) => logger.debug({ err: error }, 'redis connection error'));
  return redis;
}

/** Resolves true once connected, false when the first attempt fails or `timeoutMs` passes. */
export function waitForRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      resolve(ready);
    };
    const onReady = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
    redis.once('error', onError);
  });
}

/**
 * The gateway's check of Redis for `crm_dependency_up{dependency="redis"}`: a PING, which fails at once while
 * disconnected (no offline queue) and after the command timeout (1 s) when Redis stalls.
 */
export function redisProbe(redis: Redis): () => Promise<boolean> {
  return () => redis.ping().then(() => true);
}

/** Quits politely when connected, otherwise just drops the connection attempts. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // fall through
    }
  }
  redis.disconnect();
}
