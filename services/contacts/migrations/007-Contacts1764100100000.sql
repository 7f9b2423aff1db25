
      
  DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
  END $$;


      CREATE TABLE contacts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        first_name text,
        last_name text,
        email text,
        phone text,
        title text,
        account_id uuid,
        linkedin_url text,
        tags text[] NOT NULL DEFAULT '{}',
        owner_id uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (
          lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' ||
                coalesce(phone, ''))
        ) STORED,
        -- Deleting the replica row clears the link (the account.deleted handler does it first; this is the net).
        CONSTRAINT contacts_account FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id)
          ON DELETE SET NULL (account_id)
      );
      CREATE INDEX contacts_tenant_created ON contacts (tenant_id, created_at, id);
      CREATE INDEX contacts_tenant_updated ON contacts (tenant_id, updated_at, id);
      CREATE INDEX contacts_tenant_owner ON contacts (tenant_id, owner_id, created_at, id);
      CREATE INDEX contacts_tenant_creator ON contacts (tenant_id, created_by, created_at, id);
      CREATE INDEX contacts_tenant_account ON contacts (tenant_id, account_id, created_at, id) WHERE account_id IS NOT NULL;
      CREATE INDEX contacts_tenant_first_name ON contacts (tenant_id, first_name, id);
      CREATE INDEX contacts_tenant_last_name ON contacts (tenant_id, last_name, id);
      CREATE INDEX contacts_tenant_email ON contacts (tenant_id, email, id);
      CREATE INDEX contacts_tags ON contacts USING gin (tags);
      CREATE INDEX contacts_custom_fields ON contacts USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX contacts_search ON contacts USING gin (search_text public.gin_trgm_ops);

      -- The leads a contact is linked to (lead conversion links them), shown as lead_ids.
      CREATE TABLE contact_leads (
        tenant_id uuid NOT NULL,
        contact_id uuid NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        lead_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (contact_id, lead_id)
      );
      CREATE INDEX contact_leads_lead ON contact_leads (tenant_id, lead_id);
    