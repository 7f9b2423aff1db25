
      CREATE INDEX leads_duplicate_phone ON leads (tenant_id, (CASE WHEN length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 7 THEN right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) END)) WHERE status <> 'converted';
CREATE INDEX leads_duplicate_name ON leads (tenant_id, lower(first_name), lower(last_name)) WHERE status <> 'converted';
CREATE INDEX leads_duplicate_company ON leads (tenant_id, lower(company_name)) WHERE status <> 'converted';

      -- A contact merge moves converted leads' contact_id onto the kept contact: two leads may then
      -- share one contact.
      DROP INDEX leads_contact_id;
      CREATE INDEX leads_contact_id ON leads (contact_id) WHERE contact_id IS NOT NULL;
    