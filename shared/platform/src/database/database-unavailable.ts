/**
 * True when an error says the database could not be reached or dropped the connection — the server is
 * down, restarting or refusing connections — rather than anything about the statement itself. Such an
 * error is the infrastructure's, passes when the server is back, and says nothing about the request or
 * message being handled.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(({ code, message }) => {
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || SERVER_GONE_SQLSTATES.has(code))) return true;
    return typeof message === 'string' && CLIENT_MESSAGES.some((text) => message.includes(text));
  });
}

/** The error and those it wraps (TypeORM wraps the driver's error; Node wraps causes), at most 5 deep. */
export function errorChain(error: unknown): Array<{ code?: unknown; message?: unknown }> {
  const chain: Array<{ code?: unknown; message?: unknown }> = [];
  for (let current: unknown = error; current && chain.length < 5; ) {
    chain.push(current as { code?: unknown; message?: unknown });
    current = (current as { driverError?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return chain;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server going away (class 08, connection exceptions, is matched by prefix), or too busy to
 * answer in time: DATABASE_STATEMENT_TIMEOUT and DATABASE_LOCK_TIMEOUT ran out. Either passes; neither
 * says anything about the request.
 */
const SERVER_GONE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '55P03', // lock_not_available (lock_timeout)
]);

/**
 * What `pg` and its pool say when a connection ends or never comes, and what TypeORM says of a transaction
 * whose connection the server ended under it (it releases the connection on the driver's error, and the
 * transaction's next query finds it gone): a restart, or DATABASE_IDLE_IN_TRANSACTION_TIMEOUT.
 */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection refused',
  'Query runner already released',
  'Database connection provided by a query runner was already released',
];
