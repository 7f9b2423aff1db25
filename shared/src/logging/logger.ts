import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout, one line per entry; `service` on every line so merged streams stay readable. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
