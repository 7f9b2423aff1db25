import { commonConfig, duration, jwtConfig } from '@crm/platform';
import { tenantQuotasSetting } from '@crm/records';
import { z } from 'zod';
import { mailConfig } from './mail/mail-settings';
import { DEFAULT_HASH_QUEUE, OWASP_SCRYPT_LOG2_N } from './passwords/passwords';
import { DEV_SIGNING_KEY_SECRET } from './signing-keys/signing-key-cipher';

const seconds = (fallback: number, min: number) => z.coerce.number().int().min(min).default(fallback);
const count = (fallback: number, min: number) => z.coerce.number().int().min(min).default(fallback);

/** The auth service's own settings (the shared runtime adds `commonConfig` and `PORT`). */
export const authConfig = {
  /** Also read here: production refuses the development SIGNING_KEY_SECRET. */
  NODE_ENV: commonConfig.NODE_ENV,
  ...jwtConfig,
  ACCESS_TOKEN_TTL_SECONDS: seconds(900, 30).describe('Lifetime of a user access token (JWT), in seconds.'),
  REFRESH_TOKEN_TTL_SECONDS: seconds(1_209_600, 60).describe(
    'Lifetime of a refresh token, in seconds; every use issues a new one with a fresh lifetime.',
  ),
  REFRESH_SESSION_MAX_AGE: duration('30d').describe(
    'Longest a session lasts after its login, however often its refresh token is rotated (a number and s, m, h or d); then the user logs in again.',
  ),
  API_TOKEN_MAX_AGE: duration('365d').describe(
    'Longest an API token lives (a number and s, m, h or d): its default lifetime, and the latest `expires_at` a client may ask for.',
  ),
  LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT: count(10, 1).describe(
    'Failed logins one client address may make at one e-mail address within a window; past them that address is refused ' +
      'for that e-mail (429) until the window ends. Other addresses are not affected: the owner still logs in from theirs.',
  ),
  LOGIN_FAILURES_BEFORE_DELAY: count(3, 1).describe(
    'Failed logins of one address at one e-mail address before it is slowed: after this many, its next attempt must wait 1 s, ' +
      'twice as long after each further failure (429 with Retry-After until then).',
  ),
  LOGIN_FAILURES_PER_ADDRESS: count(100, 1).describe(
    'Failed logins one client address may make at all e-mail addresses together within a window; past them every login from ' +
      'that address answers 429 until the window ends.',
  ),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds(900, 1).describe(
    'Length of the fixed window, in seconds, in which failed logins are counted (per address and e-mail, and per address).',
  ),
  PASSWORD_HASH_QUEUE: count(DEFAULT_HASH_QUEUE, 0).describe(
    'Password hashes (logins, registrations, password changes) that may wait for one of the two hashing slots of an auth ' +
      'process; one more is refused at once, before any hashing, with 503 and Retry-After.',
  ),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(10)
    .max(20)
    .default(OWASP_SCRYPT_LOG2_N)
    .describe(
      `scrypt cost of password hashes as log2 N (r=8, p=1); ${OWASP_SCRYPT_LOG2_N} is OWASP's advice (128 MiB a hash, at most two at once). ` +
        'A stored hash of a lower cost is rehashed at its next login. Lower it for tests only.',
    ),
  SIGNING_KEY_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .default(DEV_SIGNING_KEY_SECRET)
    .describe(
      'Secret the private parts of the signing keys are encrypted with in the database (AES-256-GCM, key derived by scrypt). ' +
        'Unset: a development secret, refused when NODE_ENV=production.',
    ),
  SIGNING_KEY_PUBLISH_AHEAD_SECONDS: seconds(300, 15).describe(
    'How long a key made by `rotate-signing-key` is published in the JWKS before it signs, so every verifier has it by ' +
      'then: the JWKS cache lifetime (max-age 300) for outside verifiers; at least 15 for the gateway (it fetches the ' +
      'key set at most once per 10 s, and auth reloads its keys every 5 s).',
  ),
  ...mailConfig,
  TENANT_QUOTAS: tenantQuotasSetting,
};

export type AuthConfig = z.infer<z.ZodObject<typeof authConfig>>;
