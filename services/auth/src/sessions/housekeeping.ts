import type { AuthDeps } from '../auth-deps';
import { pruneLoginFailures } from './login-failures.repository';
import { pruneRefreshTokens } from './refresh-tokens.repository';

/** At most once a minute per process: rows that can no longer matter are deleted. */
const EVERY_MS = 60_000;
let lastRun = 0;

/**
 * Drops the failed-login counts of finished windows (per address and e-mail, and per address) and
 * refresh tokens expired for longer than their own lifetime, so no such table grows without bound. Run
 * on the login path, which every session passes through.
 */
export async function sessionHousekeeping(deps: AuthDeps, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - lastRun) < EVERY_MS) return;
  lastRun = now.getTime();
  await pruneLoginFailures(deps.dataSource, now, deps.config.LOGIN_FAILURE_WINDOW_SECONDS);
  await pruneRefreshTokens(deps.dataSource, now, deps.config.REFRESH_TOKEN_TTL_SECONDS);
}
