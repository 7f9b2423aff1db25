
      
  DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
  END $$;


      CREATE TABLE leads (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        title text,
        first_name text,
        last_name text,
        email text,
        phone text,
        company_name text,
        status text NOT NULL DEFAULT 'new',
        source text,
        opportunity_amount numeric(14, 2),
        currency char(3) NOT NULL DEFAULT 'USD',
        tags text[] NOT NULL DEFAULT '{}',
        board_position integer NOT NULL DEFAULT 0,
        assigned_to uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (
          lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' ||
                coalesce(phone, '') || ' ' || coalesce(company_name, ''))
        ) STORED
      );
      CREATE INDEX leads_tenant_created ON leads (tenant_id, created_at, id);
      CREATE INDEX leads_tenant_updated ON leads (tenant_id, updated_at, id);
      CREATE INDEX leads_tenant_assigned ON leads (tenant_id, assigned_to, created_at, id);
      CREATE INDEX leads_tenant_creator ON leads (tenant_id, created_by, created_at, id);
      CREATE INDEX leads_tenant_status ON leads (tenant_id, status, board_position, id);
      CREATE INDEX leads_tenant_first_name ON leads (tenant_id, first_name, id);
      CREATE INDEX leads_tenant_last_name ON leads (tenant_id, last_name, id);
      CREATE INDEX leads_tenant_email ON leads (tenant_id, email, id);
      CREATE INDEX leads_tenant_amount ON leads (tenant_id, opportunity_amount, id);
      CREATE INDEX leads_tenant_board ON leads (tenant_id, board_position, id);
      CREATE INDEX leads_tenant_source ON leads (tenant_id, source, created_at);
      CREATE INDEX leads_tags ON leads USING gin (tags);
      CREATE INDEX leads_custom_fields ON leads USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX leads_search ON leads USING gin (search_text public.gin_trgm_ops);
    