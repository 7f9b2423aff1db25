
      CREATE TABLE web_forms (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        public_key text NOT NULL UNIQUE,
        is_active boolean NOT NULL DEFAULT true,
        allowed_origins text[] NOT NULL DEFAULT '{}',
        assigned_to uuid NOT NULL,
        tags text[] NOT NULL DEFAULT '{}',
        redirect_url text,
        created_by uuid NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX web_forms_newest ON web_forms (tenant_id, created_at, id);

      CREATE TABLE web_form_submissions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        form_id uuid NOT NULL,
        -- The form's name when it was received: a deleted form's submissions still say where they came from.
        form_name text NOT NULL,
        lead_id uuid NOT NULL,
        data jsonb NOT NULL,
        received_at timestamptz NOT NULL
      );
      CREATE INDEX web_form_submissions_of_lead ON web_form_submissions (lead_id, received_at, id);
      CREATE INDEX web_form_submissions_of_form ON web_form_submissions (form_id);
    