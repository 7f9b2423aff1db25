import pino, { type DestinationStream, type Logger } from 'pino';
import { requestLogFields } from '../http/request-context';
import { traceLogFields } from '../tracing/trace-context';

export type { Logger };

/**
 * JSON logs on stdout, one line per entry; `service` on every line so merged streams stay readable, and
 * on every line written while serving a request or handling a message its `request_id` and `tenant_id`,
 * so one write can be followed through the services it reaches; in a recorded trace also its `trace_id`
 * and `span_id`.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    mixin: () => ({ ...requestLogFields(), ...traceLogFields() }),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // A failed statement's error (typeorm's QueryFailedError) carries its parameters: an attachment's bytes
    // would be written out as JSON, several times their size, and every parameter may be personal data.
    redact: { paths: ['err.parameters'], censor: '[not logged]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
