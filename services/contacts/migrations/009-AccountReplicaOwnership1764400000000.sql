
      -- Who may open each account (its creator and owner), so a member naming an account they may not
      -- open is answered as for a random id (api-contract §4). Null in rows copied before: not known yet,
      -- so a member's write naming one asks accounts-opportunities (and fills them in).
      ALTER TABLE accounts ADD COLUMN created_by uuid, ADD COLUMN owner_id uuid;
    