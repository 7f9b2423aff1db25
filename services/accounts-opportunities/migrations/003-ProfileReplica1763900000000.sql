
      CREATE TABLE profiles (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        email text NOT NULL,
        version integer NOT NULL
      );
      CREATE INDEX profiles_tenant ON profiles (tenant_id);
    