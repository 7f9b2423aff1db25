-- A lead's conversion has a table of its own (architecture §4): one row per converted
-- lead with its state, and one row per record it hands out, ready once the record's owner announces it
-- (`<record>.created`). Backfilled from the ids and the three *_ready flags on leads (LeadConversion); those
-- columns stay for this release, so pods of the previous release keep working during the rollout
-- (docs/operations.md, "Migrations: the rules"), and a later release drops them.
CREATE TABLE lead_conversions (
  lead_id uuid PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  -- making_records until every record it hands out is announced, then completed.
  state text NOT NULL CHECK (state IN ('making_records', 'completed')),
  converted_at timestamptz NOT NULL
);

CREATE TABLE lead_conversion_records (
  lead_id uuid NOT NULL REFERENCES lead_conversions (lead_id) ON DELETE CASCADE,
  record_type text NOT NULL CHECK (record_type IN ('account', 'contact', 'opportunity')),
  record_id uuid NOT NULL,
  tenant_id uuid NOT NULL,
  ready boolean NOT NULL DEFAULT false,
  PRIMARY KEY (lead_id, record_type)
);
-- A record's announcement finds its conversion; a write naming an id asks whether it is still being made.
CREATE INDEX lead_conversion_records_record ON lead_conversion_records (record_id);

INSERT INTO lead_conversions (lead_id, tenant_id, state, converted_at)
SELECT id, tenant_id,
       CASE WHEN account_ready AND contact_ready AND opportunity_ready THEN 'completed' ELSE 'making_records' END,
       coalesce(converted_at, updated_at)
  FROM leads WHERE account_id IS NOT NULL;

INSERT INTO lead_conversion_records (lead_id, record_type, record_id, tenant_id, ready)
SELECT id, 'account', account_id, tenant_id, account_ready FROM leads WHERE account_id IS NOT NULL
UNION ALL
SELECT id, 'contact', contact_id, tenant_id, contact_ready FROM leads WHERE account_id IS NOT NULL AND contact_id IS NOT NULL
UNION ALL
SELECT id, 'opportunity', opportunity_id, tenant_id, opportunity_ready FROM leads WHERE account_id IS NOT NULL AND opportunity_id IS NOT NULL;
