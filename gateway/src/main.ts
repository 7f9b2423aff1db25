import { createLogger, exitOnSignal } from '@crm/platform';
import { startGateway } from './start-gateway';

/** The gateway as its own process: listens on all interfaces, stops gracefully on SIGTERM/SIGINT. */
const logger = createLogger('gateway', process.env.LOG_LEVEL ?? 'info');
startGateway({ host: process.env.HOST ?? '0.0.0.0', logger }).then(
  (gateway) => exitOnSignal(() => gateway.stop(), logger),
  (error: unknown) => {
    logger.fatal({ err: error }, 'failed to start');
    process.exit(1);
  },
);
