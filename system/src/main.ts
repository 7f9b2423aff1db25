import { createLogger, exitOnSignal } from '@crm/platform';
import { startSystem } from './system';

/** `npm start`: the gateway and every service in one process, on their fixed ports. */
const logger = createLogger('system');
startSystem({ ports: 'fixed' }).then(
  (system) => {
    logger.info({ gateway: system.gatewayUrl, gatewayMetrics: `${system.gatewayMetricsUrl}/metrics` }, 'CRM platform running');
    exitOnSignal(() => system.stop(), logger);
  },
  (error: unknown) => {
    logger.fatal({ err: error }, 'failed to start');
    process.exit(1);
  },
);
