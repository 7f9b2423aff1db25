
    -- Members are deactivated, never deleted: they stay owners of their records and visible as such.
    ALTER TABLE profiles
      ADD COLUMN is_active boolean NOT NULL DEFAULT true,
      ADD COLUMN deactivated_at timestamptz NULL,
      -- Every access token issued before this instant is dead (deactivation, a password change or reset).
      ADD COLUMN credentials_valid_after timestamptz NULL;

    -- An address is taken only once verified; an unverified holder is released by whoever registers it.
    -- Accounts made before verification existed count as verified.
    ALTER TABLE users
      ADD COLUMN email_verified_at timestamptz NULL,
      ADD COLUMN released_at timestamptz NULL;
    UPDATE users SET email_verified_at = created_at;
    DROP INDEX users_email_key;
    CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE released_at IS NULL;

    -- API tokens end: the ones made before expiry existed end a year after they were made.
    ALTER TABLE api_tokens
      ADD COLUMN expires_at timestamptz NULL,
      ADD COLUMN last_used_at timestamptz NULL;
    UPDATE api_tokens SET expires_at = created_at + interval '365 days';
    ALTER TABLE api_tokens ALTER COLUMN expires_at SET NOT NULL;
    CREATE INDEX api_tokens_profile_live ON api_tokens (profile_id) WHERE revoked_at IS NULL;

    CREATE INDEX refresh_tokens_profile_live ON refresh_tokens (profile_id) WHERE revoked_at IS NULL;
