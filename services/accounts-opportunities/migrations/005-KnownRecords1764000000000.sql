
      -- Contacts and leads as their services announce them: enough to check that an id names a record
      -- of the tenant. A deleted record stays as a tombstone (deleted = true), so an older event that
      -- arrives late cannot bring it back.
      CREATE TABLE known_records (
        record_type text NOT NULL,
        id uuid NOT NULL,
        tenant_id uuid NOT NULL,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (record_type, id)
      );
    