import type { DataSource } from './database';
import { errorChain } from './database-unavailable';

/** deadlock_detected and serialization_failure: the transaction lost a race, not the argument. */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/** True when a transaction failed only because a concurrent one won (api-contract §6): run again, it succeeds. */
export function isTransactionConflict(error: unknown): boolean {
  return errorChain(error).some(({ code }) => typeof code === 'string' && CONFLICT_SQLSTATES.has(code));
}

/** Runs of a transaction that lost to a concurrent one, first included. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * Every transaction of `dataSource` that fails on a deadlock or a serialization failure runs again, up
 * to `CONFLICT_ATTEMPTS` times with a short random pause (the two losers of a deadlock should not meet
 * again), so such a race never reaches a client as a 500 (api-contract §6); past that it is a 503. The work
 * of a transaction is its database statements only, rolled back with it, so running it again is safe.
 */
export function retryConflictsIn(dataSource: DataSource): void {
  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = (async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transaction(...args);
      } catch (error) {
        if (!isTransactionConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  }) as typeof manager.transaction;
}
