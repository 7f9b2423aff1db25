
    CREATE TABLE outbox (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      type text NOT NULL,
      subject text NOT NULL,
      tenant_id text NOT NULL,
      payload jsonb NOT NULL,
      headers jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz NULL,
      attempts integer NOT NULL DEFAULT 0
    );
    -- The relay's only question: the oldest rows not yet published. Partial, so it stays small.
    CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;

    CREATE TABLE inbox (
      message_id uuid PRIMARY KEY,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    );
  