
    CREATE TABLE idempotency_keys (
      scope text NOT NULL,
      key text NOT NULL,
      fingerprint text NOT NULL,
      -- The request holding the key, and until when it is taken to be alive (renewed while it runs).
      holder uuid NOT NULL,
      lease_until timestamptz NOT NULL,
      -- Set in the write's own transaction: the effect happened, whatever became of the answer.
      committed boolean NOT NULL DEFAULT false,
      -- What that transaction returned, answered if the process died before it stored the answer.
      result jsonb NULL,
      status integer NULL,
      headers jsonb NULL,
      body bytea NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (scope, key)
    );
    CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
  