
    -- E-mail auth sends: written in the request's transaction, delivered by a worker of the auth process
    -- (replicas share the work with FOR UPDATE SKIP LOCKED), retried with back-off until done. No secret is kept
    -- here: the token of a link is made when the message is sent, and only its SHA-256 is stored.
    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('password_reset', 'email_verification')),
      recipient text NOT NULL,
      -- The user a verification is for; a reset names only the address, resolved when it is sent.
      user_id uuid NULL REFERENCES users (id),
      created_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      -- When it is due: the next try after a failure, or the end of the lease of the worker sending it.
      next_attempt_at timestamptz NOT NULL,
      last_error text NULL,
      done_at timestamptz NULL,
      -- 'skipped': nothing to send (an address with no account, an address verified meanwhile).
      outcome text NULL CHECK (outcome IN ('sent', 'skipped')),
      CHECK ((done_at IS NULL) = (outcome IS NULL))
    );
    CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE done_at IS NULL;
    CREATE INDEX mail_outbox_done ON mail_outbox (done_at) WHERE done_at IS NOT NULL;

    -- Single-use links: the SHA-256 of the token only.
    CREATE TABLE password_reset_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL
    );
    CREATE INDEX password_reset_tokens_expiry ON password_reset_tokens (expires_at);

    CREATE TABLE email_verification_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id),
      -- The address the link proves: the user's when it was sent.
      email text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL
    );
    CREATE INDEX email_verification_tokens_expiry ON email_verification_tokens (expires_at);

    -- A registration's founder who has not verified the address by then loses it (its account lapses).
    -- Accounts made before (and added members) have none.
    ALTER TABLE users ADD COLUMN verify_by timestamptz NULL;
    CREATE INDEX users_unverified_lapse ON users (verify_by)
      WHERE verify_by IS NOT NULL AND email_verified_at IS NULL AND released_at IS NULL;
