import { defineService } from '@crm/platform';
import { authConfig } from './config';
import { PUBLISHED_EVENTS } from './integration-events/published-events';
import { authMigrations } from './migrations';
import { authApi, authRoutes } from './routes';

/** Identity for the platform: tenants, users and their profiles, sessions, API tokens, signing keys. */
export const authService = defineService({
  name: 'auth',
  schema: 'auth',
  defaultPort: 8081,
  config: authConfig,
  migrations: authMigrations,
  publishes: PUBLISHED_EVENTS,
  routes: (deps) => authRoutes(deps),
  api: authApi,
});

export { authConfig, type AuthConfig } from './config';
export { authMigrations } from './migrations';
export { API_TOKEN_PREFIX } from './api-tokens/create-api-token';
export { ALL_SCOPES, scopesForRole } from './common/scopes';
export { rotateSigningKey, type SigningKeyRotation } from './signing-keys/rotate-signing-key';
// Open the private keys auth stores: for the suites that forge tokens as auth would sign them.
export { signingKeyCipher } from './signing-keys/signing-key-cipher';
export { openedSigningKey } from './signing-keys/signing-keys';
export type { ProfileEventData, ProfileEventType } from './users/profile-events';
