-- A member's records given to another (api-contract §10.2): one row per reassignment auth asked for
-- (`profile.reassignment_requested`), recorded with the request's inbox row. The records move from here in
-- batches, each batch a transaction that adds its counts to `moved`; the batch finding nothing left sets
-- `completed_at` and reports (`<service>.records_reassigned`). A runner that stopped goes on from the rows
-- not completed.
CREATE TABLE record_reassignments (
  reassignment_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  from_profile_id uuid NOT NULL,
  to_profile_id uuid NOT NULL,
  -- Who asked: the actor of every event the reassignment writes.
  actor jsonb NULL,
  -- Per collection of the API (`leads`, `tasks`, …), the records moved so far.
  moved jsonb NOT NULL DEFAULT '{}'::jsonb,
  requested_at timestamptz NOT NULL,
  completed_at timestamptz NULL
);
-- The runner's only question: the reassignments not completed. Partial, so it stays small.
CREATE INDEX record_reassignments_pending ON record_reassignments (requested_at) WHERE completed_at IS NULL;
