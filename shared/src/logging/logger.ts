import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout, one line per entry; `service` on every line so merged streams stay readable. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // A failed statement's error (typeorm's QueryFailedError) carries its parameters: an attachment's bytes
    // would be written out as JSON, several times their size, and every parameter may be personal data.
    redact: { paths: ['err.parameters'], censor: '[not logged]' },
  });
}
