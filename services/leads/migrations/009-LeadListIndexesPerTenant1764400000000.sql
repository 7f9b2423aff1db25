
      
  DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;
  EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
  END $$;


      -- The tags, custom-field and search filters are always within one tenant. A GIN index led by
      -- tenant_id reads that tenant's entries only; the global ones read every tenant's before a
      -- BitmapAnd (at a million leads over 100 tenants, a dropdown value: 333,000 entries, 17 ms).
      DROP INDEX leads_tags;
      DROP INDEX leads_custom_fields;
      DROP INDEX leads_search;
      CREATE INDEX leads_tenant_tags ON leads USING gin (tenant_id, tags);
      CREATE INDEX leads_tenant_custom_fields ON leads USING gin (tenant_id, custom_fields jsonb_path_ops);
      CREATE INDEX leads_tenant_search ON leads USING gin (tenant_id, search_text public.gin_trgm_ops);

      -- An owner (and a creator) belongs to one tenant. Without these the planner multiplies the two
      -- selectivities and expects a member to own a hundredth of their leads, which misleads its
      -- choice of index for a member's filtered list. Analysed now, so they count from the start.
      CREATE STATISTICS leads_owner_tenant (dependencies) ON tenant_id, assigned_to FROM leads;
      CREATE STATISTICS leads_creator_tenant (dependencies) ON tenant_id, created_by FROM leads;
      ANALYZE leads;
    