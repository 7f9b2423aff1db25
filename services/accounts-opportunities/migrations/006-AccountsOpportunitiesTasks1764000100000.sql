
      
  DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
  END $$;


      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        industry text,
        website text,
        email text,
        phone text,
        billing_city text,
        billing_country text,
        tags text[] NOT NULL DEFAULT '{}',
        assigned_to uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (
          lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(website, ''))
        ) STORED
      );
      CREATE INDEX accounts_tenant_name ON accounts (tenant_id, name, id);
      
      CREATE INDEX accounts_tenant_created ON accounts (tenant_id, created_at, id);
      CREATE INDEX accounts_tenant_updated ON accounts (tenant_id, updated_at, id);
      CREATE INDEX accounts_tenant_assigned ON accounts (tenant_id, assigned_to, created_at, id);
      CREATE INDEX accounts_tenant_creator ON accounts (tenant_id, created_by, created_at, id);
      CREATE INDEX accounts_tags ON accounts USING gin (tags);
      CREATE INDEX accounts_custom_fields ON accounts USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX accounts_search ON accounts USING gin (search_text public.gin_trgm_ops);

      CREATE TABLE opportunities (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
        contact_ids uuid[] NOT NULL DEFAULT '{}',
        lead_id uuid,
        amount numeric(14, 2),
        currency char(3) NOT NULL DEFAULT 'USD',
        stage text NOT NULL DEFAULT 'prospecting',
        stage_rank smallint GENERATED ALWAYS AS (
          CASE stage WHEN 'prospecting' THEN 0 WHEN 'qualification' THEN 1 WHEN 'proposal' THEN 2
                     WHEN 'negotiation' THEN 3 WHEN 'closed_won' THEN 4 WHEN 'closed_lost' THEN 5 END
        ) STORED,
        probability smallint CHECK (probability BETWEEN 0 AND 100),
        close_date date,
        tags text[] NOT NULL DEFAULT '{}',
        assigned_to uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (lower(name)) STORED
      );
      CREATE INDEX opportunities_tenant_name ON opportunities (tenant_id, name, id);
      CREATE INDEX opportunities_tenant_amount ON opportunities (tenant_id, amount, id);
      CREATE INDEX opportunities_tenant_close_date ON opportunities (tenant_id, close_date, id);
      CREATE INDEX opportunities_tenant_stage ON opportunities (tenant_id, stage_rank, id);
      CREATE INDEX opportunities_account ON opportunities (account_id) WHERE account_id IS NOT NULL;
      CREATE INDEX opportunities_contacts ON opportunities USING gin (contact_ids);
      CREATE INDEX opportunities_lead ON opportunities (lead_id) WHERE lead_id IS NOT NULL;
      
      CREATE INDEX opportunities_tenant_created ON opportunities (tenant_id, created_at, id);
      CREATE INDEX opportunities_tenant_updated ON opportunities (tenant_id, updated_at, id);
      CREATE INDEX opportunities_tenant_assigned ON opportunities (tenant_id, assigned_to, created_at, id);
      CREATE INDEX opportunities_tenant_creator ON opportunities (tenant_id, created_by, created_at, id);
      CREATE INDEX opportunities_tags ON opportunities USING gin (tags);
      CREATE INDEX opportunities_custom_fields ON opportunities USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX opportunities_search ON opportunities USING gin (search_text public.gin_trgm_ops);

      CREATE TABLE tasks (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        title text NOT NULL,
        status text NOT NULL DEFAULT 'open',
        status_rank smallint GENERATED ALWAYS AS (
          CASE status WHEN 'open' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 END
        ) STORED,
        priority text NOT NULL DEFAULT 'normal',
        priority_rank smallint GENERATED ALWAYS AS (
          CASE priority WHEN 'low' THEN 0 WHEN 'normal' THEN 1 WHEN 'high' THEN 2 END
        ) STORED,
        due_date date,
        lead_id uuid,
        contact_id uuid,
        account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
        opportunity_id uuid REFERENCES opportunities (id) ON DELETE SET NULL,
        tags text[] NOT NULL DEFAULT '{}',
        assigned_to uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (lower(title)) STORED
      );
      CREATE INDEX tasks_tenant_title ON tasks (tenant_id, title, id);
      CREATE INDEX tasks_tenant_due_date ON tasks (tenant_id, due_date, id);
      CREATE INDEX tasks_tenant_status ON tasks (tenant_id, status_rank, id);
      CREATE INDEX tasks_tenant_priority ON tasks (tenant_id, priority_rank, id);
      CREATE INDEX tasks_lead ON tasks (lead_id) WHERE lead_id IS NOT NULL;
      CREATE INDEX tasks_contact ON tasks (contact_id) WHERE contact_id IS NOT NULL;
      CREATE INDEX tasks_account ON tasks (account_id) WHERE account_id IS NOT NULL;
      CREATE INDEX tasks_opportunity ON tasks (opportunity_id) WHERE opportunity_id IS NOT NULL;
      
      CREATE INDEX tasks_tenant_created ON tasks (tenant_id, created_at, id);
      CREATE INDEX tasks_tenant_updated ON tasks (tenant_id, updated_at, id);
      CREATE INDEX tasks_tenant_assigned ON tasks (tenant_id, assigned_to, created_at, id);
      CREATE INDEX tasks_tenant_creator ON tasks (tenant_id, created_by, created_at, id);
      CREATE INDEX tasks_tags ON tasks USING gin (tags);
      CREATE INDEX tasks_custom_fields ON tasks USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX tasks_search ON tasks USING gin (search_text public.gin_trgm_ops);
    