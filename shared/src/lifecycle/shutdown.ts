import type { Logger } from '../logging/logger';

/** Something with a stop step: a server, a consumer, a relay, a pool. Closed in the order given. */
export type Closer = { name: string; close: () => Promise<void> };

/**
 * On SIGTERM or SIGINT: run `stop` once (which stops accepting, drains in-flight requests and messages,
 * closes connections), then exit 0; a failure or a second signal exits 1.
 */
export function exitOnSignal(stop: () => Promise<void>, logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
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
    try {
      await closer.close();
    } catch (error) {
      logger.error({ err: error, part: closer.name }, 'close failed');
    }
  }
}
