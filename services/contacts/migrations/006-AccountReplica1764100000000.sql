
      -- Accounts as accounts-opportunities announces them (account.created|updated|deleted): enough to
      -- check an account_id and to show account {id, name}.
      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        version integer NOT NULL,
        CONSTRAINT accounts_tenant_id UNIQUE (tenant_id, id)
      );
      -- Accounts deleted for good (ids are never reused): a late or redelivered account.created|updated
      -- of an older version must not bring one back.
      CREATE TABLE account_tombstones (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        version integer NOT NULL
      );
    