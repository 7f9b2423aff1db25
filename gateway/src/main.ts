import { createLogger, downloadsInFlight, exitOnSignal, stopBoundMs } from '@crm/platform';
import { startGateway } from './start-gateway';

/** The gateway as its own process: listens on all interfaces, stops gracefully on SIGTERM/SIGINT. */
const logger = createLogger('gateway', process.env.LOG_LEVEL ?? 'info');
startGateway({ host: process.env.HOST ?? '0.0.0.0', logger }).then(
  // A download in flight at the signal (an export) is let finish: the bound is then DOWNLOAD_DRAIN_TIMEOUT_MS's.
  (gateway) => exitOnSignal(() => gateway.stop(), logger, () => stopBoundMs(process.env, downloadsInFlight() > 0)),
  (error: unknown) => {
    logger.fatal({ err: error }, 'failed to start');
    process.exit(1);
  },
);
