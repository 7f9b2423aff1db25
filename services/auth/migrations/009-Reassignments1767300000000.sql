-- A member's records given to another (api-contract §10.2). Auth keeps the request and its status; the
-- services owning records move them and each reports once (`<service>.records_reassigned`): its counts
-- join `moved` and its name `reported_by`; the last report completes the reassignment.
CREATE TABLE reassignments (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES orgs (id),
  from_profile_id uuid NOT NULL REFERENCES profiles (id),
  to_profile_id uuid NOT NULL REFERENCES profiles (id),
  requested_by uuid NOT NULL REFERENCES profiles (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
  -- Per collection of the API (`leads`, `tasks`, …), the records moved, as the services reported them.
  moved jsonb NOT NULL DEFAULT '{}'::jsonb,
  reported_by text[] NOT NULL DEFAULT '{}',
  requested_at timestamptz NOT NULL,
  completed_at timestamptz NULL
);

-- Auth consumes events from now on (the services' reports): its inbox is pruned by age, as every consumer's.
CREATE INDEX IF NOT EXISTS inbox_received_at ON inbox USING brin (received_at);
