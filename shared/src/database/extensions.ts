/**
 * SQL that makes the trigram extension (free-text search indexes) available. Extensions are per
 * database: several services may race to create it, and losing that race is fine.
 */
export const ENSURE_PG_TRGM = `
  DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
  END $$;
`;
