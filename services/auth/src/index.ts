import { consumedEvents, defineService } from '@crm/platform';
import { authConfig } from './config';
import { PUBLISHED_EVENTS } from './integration-events/published-events';
import { SUBSCRIPTIONS } from './integration-events/subscriptions';
import { PUBLISHERS } from './integration-events/publishers';
import { mailRetention } from './mail/mail-retention';
import { authMigrations } from './migrations';
import { authApi, authRoutes } from './routes';
import { usageOwners } from './tenant-usage/usage-owners';
import { closeLapsedRegistrations } from './users/lapsed-registrations';

/** Identity for the platform: tenants, users and their profiles, sessions, API tokens, signing keys. */
export const authService = defineService({
  name: 'auth',
  // The owners of its profiles' replicas ask its profile lookup.
  calledBy: ['accounts-opportunities', 'contacts', 'leads'],
  schema: 'auth',
  defaultPort: 8081,
  config: authConfig,
  migrations: authMigrations,
  publishes: PUBLISHED_EVENTS,
  consumes: consumedEvents(SUBSCRIPTIONS, PUBLISHERS),
  // The services it asks for a tenant's usage (GET /api/auth/tenant/usage/, architecture §1).
  extension: usageOwners,
  routes: (deps) => authRoutes(deps),
  // Registrations left unverified past 7 days close; sent mail and spent link tokens go (api-contract §10.4).
  retention: ({ dataSource }) => [
    { name: 'lapsed registrations', prune: () => closeLapsedRegistrations(dataSource, new Date()) },
    ...mailRetention(dataSource),
  ],
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
