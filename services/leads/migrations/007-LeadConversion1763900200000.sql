
      -- Ids allocated when the lead is converted; each *_ready turns true when the owning service
      -- announces the record (*.created), i.e. once it is readable there.
      ALTER TABLE leads
        ADD COLUMN account_id uuid,
        ADD COLUMN contact_id uuid,
        ADD COLUMN opportunity_id uuid,
        ADD COLUMN converted_at timestamptz,
        ADD COLUMN account_ready boolean NOT NULL DEFAULT false,
        ADD COLUMN contact_ready boolean NOT NULL DEFAULT false,
        ADD COLUMN opportunity_ready boolean NOT NULL DEFAULT false;
      CREATE UNIQUE INDEX leads_account_id ON leads (account_id) WHERE account_id IS NOT NULL;
      CREATE UNIQUE INDEX leads_contact_id ON leads (contact_id) WHERE contact_id IS NOT NULL;
      CREATE UNIQUE INDEX leads_opportunity_id ON leads (opportunity_id) WHERE opportunity_id IS NOT NULL;
    