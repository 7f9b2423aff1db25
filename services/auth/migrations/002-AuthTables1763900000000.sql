
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
  