import type { SqlMigration } from '../database';

/**
 * The notes and attachments tables, created in the service's own schema (unqualified: the search path
 * is the schema). `record_type` lets one schema hold the notes of several entities. There is no foreign
 * key to the record table: the owning service deletes them with the record (`deleteRecordNotes`, in the
 * record's transaction) and moves them on a merge (`moveRecordNotes`). The index serves every list,
 * newest first; `id` breaks ties between rows of the same instant.
 */
export function recordNotesMigration(name: string): SqlMigration {
  return {
    name,
    up: `
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
    `,
  };
}
