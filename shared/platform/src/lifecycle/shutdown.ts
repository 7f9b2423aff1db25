import { commonConfig, loadConfig } from '../config/config';
import type { Logger } from '../logging/logger';

/** Something with a stop step: a server, a consumer, a relay, a pool. Closed in the order given. */
export type Closer = { name: string; close: () => Promise<void> };

/** After the drain (`SHUTDOWN_TIMEOUT_MS`), how long closing the rest (consumer, relay, connections) may take. */
const CLOSE_AFTER_DRAIN_MS = 10_000;

/**
 * Longest graceful stop before the process exits anyway: the drain plus closing the rest (25 s by
 * default, within Kubernetes' 30 s grace period after the 5 s preStop). When a download is in flight
 * (`downloading`), the drain is DOWNLOAD_DRAIN_TIMEOUT_MS if longer (5 min by default: 310 s, within the grace
 * period of the pods serving exports, k8s/base), so a rollout does not cut an export mid-way.
 */
export function stopBoundMs(env: Record<string, string | undefined> = process.env, downloading = false): number {
  const { SHUTDOWN_TIMEOUT_MS, DOWNLOAD_DRAIN_TIMEOUT_MS } = loadConfig(
    { SHUTDOWN_TIMEOUT_MS: commonConfig.SHUTDOWN_TIMEOUT_MS, DOWNLOAD_DRAIN_TIMEOUT_MS: commonConfig.DOWNLOAD_DRAIN_TIMEOUT_MS },
    env,
  );
  return (downloading ? Math.max(SHUTDOWN_TIMEOUT_MS, DOWNLOAD_DRAIN_TIMEOUT_MS) : SHUTDOWN_TIMEOUT_MS) + CLOSE_AFTER_DRAIN_MS;
}

/** A part taking longer than this to close is named in the log (a stop that hangs says where). */
const SLOW_CLOSE_MS = 5_000;

/**
 * On SIGTERM or SIGINT: run `stop` once (which stops accepting, drains in-flight requests and messages,
 * closes connections), then exit 0; a failure, a second signal or a stop still running after
 * `bound` ms (a function: read when the signal comes, e.g. longer while a download is in flight) exits 1.
 */
export function exitOnSignal(stop: () => Promise<void>, logger: Logger, bound: number | (() => number) = stopBoundMs()): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    stopping = true;
    const timeoutMs = typeof bound === 'function' ? bound() : bound;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ signal, timeoutMs }, 'shutdown timed out, exiting now');
      process.exit(1);
    }, timeoutMs).unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/** Closes each in order, logging (not throwing) failures so one stuck part does not keep the rest open. */
export async function closeInOrder(closers: Closer[], logger: Logger): Promise<void> {
  for (const closer of closers) {
    const slow = setTimeout(() => logger.warn({ part: closer.name }, 'still closing'), SLOW_CLOSE_MS).unref();
    try {
      await closer.close();
    } catch (error) {
      logger.error({ err: error, part: closer.name }, 'close failed');
    } finally {
      clearTimeout(slow);
    }
  }
}
