import { jwtConfig } from '@crm/shared';
import { z } from 'zod';

const seconds = (fallback: number, min: number) => z.coerce.number().int().min(min).default(fallback);

/** The auth service's own settings (the shared runtime adds `commonConfig` and `PORT`). */
export const authConfig = {
  ...jwtConfig,
  ACCESS_TOKEN_TTL_SECONDS: seconds(900, 30).describe('Lifetime of a user access token (JWT), in seconds.'),
  REFRESH_TOKEN_TTL_SECONDS: seconds(1_209_600, 60).describe(
    'Lifetime of a refresh token, in seconds; every use issues a new one with a fresh lifetime.',
  ),
  LOGIN_FAILURES_PER_EMAIL: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('Failed logins allowed per e-mail address within one window; past them, login answers 429.'),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds(900, 1).describe(
    'Length of the fixed window, in seconds, in which failed logins per e-mail address are counted.',
  ),
};

export type AuthConfig = z.infer<z.ZodObject<typeof authConfig>>;
