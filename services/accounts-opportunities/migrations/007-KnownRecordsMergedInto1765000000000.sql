
      -- A contact or lead merged away (lead.merged / contact.merged) is dead, and names its keeper: a link
      -- to it written later (a late event, a client holding the old id) lands on the keeper instead.
      ALTER TABLE known_records ADD COLUMN merged_into uuid;
    