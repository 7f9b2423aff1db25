import { messagingMigration, type SqlMigration } from '@crm/shared';

/**
 * The auth schema: tenants (orgs), users (e-mail unique across tenants, case-insensitively, so a login
 * needs no tenant), profiles (a user's membership of a tenant), refresh tokens (grouped in families,
 * one per login), API tokens and refresh tokens stored as SHA-256 only, the signing keys, and the
 * failed-login counts per e-mail address.
 */
const authTables: SqlMigration = {
  name: 'AuthTables1763900000000',
  up: `
    CREATE TABLE orgs (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    -- One profile per user for now (the e-mail address alone picks the tenant at login).
    CREATE TABLE profiles (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id),
      org_id uuid NOT NULL REFERENCES orgs (id),
      role text NOT NULL CHECK (role IN ('admin', 'member')),
      sales_access boolean NOT NULL,
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT profiles_user_key UNIQUE (user_id)
    );
    CREATE INDEX profiles_org_created ON profiles (org_id, created_at DESC, id DESC);

    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY,
      family_id uuid NOT NULL,
      profile_id uuid NOT NULL REFERENCES profiles (id),
      token_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL,
      revoked_at timestamptz NULL,
      CONSTRAINT refresh_tokens_hash_key UNIQUE (token_hash)
    );
    CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
    CREATE INDEX refresh_tokens_expiry ON refresh_tokens (expires_at);

    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY,
      profile_id uuid NOT NULL REFERENCES profiles (id),
      name text NOT NULL,
      scopes text[] NOT NULL,
      token_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      revoked_at timestamptz NULL,
      CONSTRAINT api_tokens_hash_key UNIQUE (token_hash)
    );
    CREATE UNIQUE INDEX api_tokens_profile_name_key ON api_tokens (profile_id, name) WHERE revoked_at IS NULL;
    CREATE INDEX api_tokens_profile_created ON api_tokens (profile_id, created_at DESC, id DESC);

    CREATE TABLE signing_keys (
      kid text PRIMARY KEY,
      algorithm text NOT NULL,
      public_jwk jsonb NOT NULL,
      private_jwk jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      retired_at timestamptz NULL
    );

    CREATE TABLE login_failures (
      email text PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      failures integer NOT NULL
    );
    CREATE INDEX login_failures_window ON login_failures (window_started_at);
  `,
};

/**
 * Signing keys: the private part moves to `sealed_private_jwk` (AES-256-GCM with a
 * key derived from SIGNING_KEY_SECRET, so SQL cannot do it: the service seals rows still in clear when it
 * starts, and sets `private_jwk` to null); `activates_at`, when a key starts signing (a rotated key is
 * published ahead of it), is the creation time of the keys before. Refresh tokens: `session_started_at`,
 * the login their family started with, which REFRESH_SESSION_MAX_AGE counts from; for the sessions before,
 * the oldest token still kept of the family.
 */
const signingKeysAtRestAndSessionAge: SqlMigration = {
  name: 'SigningKeysAtRestAndSessionAge1764600000000',
  up: `
    ALTER TABLE signing_keys
      ADD COLUMN sealed_private_jwk text NULL,
      ADD COLUMN activates_at timestamptz NOT NULL DEFAULT now(),
      ALTER COLUMN private_jwk DROP NOT NULL;
    UPDATE signing_keys SET activates_at = created_at;
    ALTER TABLE signing_keys
      ADD CONSTRAINT signing_keys_private_part CHECK (num_nonnulls(private_jwk, sealed_private_jwk) = 1);

    ALTER TABLE refresh_tokens ADD COLUMN session_started_at timestamptz NULL;
    UPDATE refresh_tokens t SET session_started_at = f.started_at
      FROM (SELECT family_id, min(created_at) AS started_at FROM refresh_tokens GROUP BY family_id) f
     WHERE f.family_id = t.family_id;
    ALTER TABLE refresh_tokens ALTER COLUMN session_started_at SET NOT NULL;
  `,
};

/** Applied in order on start; the outbox and inbox first. */
export const authMigrations: SqlMigration[] = [messagingMigration, authTables, signingKeysAtRestAndSessionAge];
