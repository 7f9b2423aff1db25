import { join } from 'node:path';
import { readSqlMigrations } from '@crm/platform';

/**
 * The auth schema: tenants (orgs), users (e-mail unique across tenants, case-insensitively, so a login
 * needs no tenant), profiles (a user's membership of a tenant), refresh tokens (grouped in families,
 * one per login), API tokens and refresh tokens stored as SHA-256 only, the signing keys (the private part
 * sealed by the service, which SQL cannot do), and the failed-login counts per client address (and e-mail). The outbox
 * and inbox first.
 *
 * The SQL is in `../migrations/`, one frozen file per migration (docs/operations.md, "Migrations: the rules").
 */
export const authMigrations = readSqlMigrations(join(__dirname, '../migrations'));
