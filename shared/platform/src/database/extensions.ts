/**
 * SQL that makes an extension available. Extensions are per database: several services may race to
 * create one, and losing that race is fine.
 */
const ensureExtension = (name: string) => `
  DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS ${name} WITH SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
  END $$;
`;

/** Trigrams: free-text search indexes. */
export const ENSURE_PG_TRGM = ensureExtension('pg_trgm');

/** GIN operator classes for plain types (uuid): a GIN index led by `tenant_id` reads one tenant's entries only. */
export const ENSURE_BTREE_GIN = ensureExtension('btree_gin');
