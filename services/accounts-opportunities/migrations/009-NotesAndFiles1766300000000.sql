
      CREATE TABLE notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        record_type text NOT NULL,
        record_id uuid NOT NULL,
        body text NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX notes_record ON notes (record_type, record_id, created_at DESC, id DESC);

      CREATE TABLE attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        record_type text NOT NULL,
        record_id uuid NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        content bytea NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX attachments_record ON attachments (record_type, record_id, created_at DESC, id DESC);
    