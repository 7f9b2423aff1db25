
      -- Who may open each contact and lead (its creator and owner), so a member naming one they may not
      -- open is answered as for a random id (api-contract §4). Null in rows copied before: not known yet, so
      -- a member's write naming one asks its owning service (and fills them in).
      ALTER TABLE known_records ADD COLUMN created_by uuid, ADD COLUMN owner_id uuid;
    