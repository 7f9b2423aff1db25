
  DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
  END $$;

  DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
  END $$;

  CREATE INDEX contacts_tenant_phone_digits ON contacts USING gin (tenant_id, (regexp_replace(phone, '[^0-9]', '', 'g')) public.gin_trgm_ops);