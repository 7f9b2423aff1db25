import { ENSURE_BTREE_GIN, ENSURE_PG_TRGM, customFieldsMigration, duplicateIndexesSql, inboxRetentionMigration, messagingMigration, profileReplicaMigration, recordNotesMigration, type SqlMigration, phoneDigitsIndexSql, newestDuplicateIndexesSql, recordTotalsSql, dropRecordTotalsSql, recordWriteCountsSql, recordChangedRowsSql, recordCustomValuesMigrations, composedTextSql } from '@crm/shared';
import { LEAD_DUPLICATES } from './duplicates/lead-duplicates';

/**
 * The leads schema. Indexes serve a page with its count at a million leads over many tenants: every
 * list is scoped to a tenant (and, for members, to what they created or own), filtered by tags (GIN),
 * custom fields (jsonb containment, GIN) or free text (trigram GIN), the GIN indexes led by the tenant
 * (LeadListIndexesPerTenant), and ordered by an allowed field.
 */
export const leadsMigrations: SqlMigration[] = [
  messagingMigration,
  inboxRetentionMigration,
  profileReplicaMigration('ProfileReplica1763900000000'),
  customFieldsMigration('CustomFields1763900050000'),
  recordNotesMigration('NotesAndFiles1763900060000'),
  {
    name: 'Leads1763900100000',
    up: `
      ${ENSURE_PG_TRGM}

      CREATE TABLE leads (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        title text,
        first_name text,
        last_name text,
        email text,
        phone text,
        company_name text,
        status text NOT NULL DEFAULT 'new',
        source text,
        opportunity_amount numeric(14, 2),
        currency char(3) NOT NULL DEFAULT 'USD',
        tags text[] NOT NULL DEFAULT '{}',
        board_position integer NOT NULL DEFAULT 0,
        assigned_to uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (
          lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' ||
                coalesce(phone, '') || ' ' || coalesce(company_name, ''))
        ) STORED
      );
      CREATE INDEX leads_tenant_created ON leads (tenant_id, created_at, id);
      CREATE INDEX leads_tenant_updated ON leads (tenant_id, updated_at, id);
      CREATE INDEX leads_tenant_assigned ON leads (tenant_id, assigned_to, created_at, id);
      CREATE INDEX leads_tenant_creator ON leads (tenant_id, created_by, created_at, id);
      CREATE INDEX leads_tenant_status ON leads (tenant_id, status, board_position, id);
      CREATE INDEX leads_tenant_first_name ON leads (tenant_id, first_name, id);
      CREATE INDEX leads_tenant_last_name ON leads (tenant_id, last_name, id);
      CREATE INDEX leads_tenant_email ON leads (tenant_id, email, id);
      CREATE INDEX leads_tenant_amount ON leads (tenant_id, opportunity_amount, id);
      CREATE INDEX leads_tenant_board ON leads (tenant_id, board_position, id);
      CREATE INDEX leads_tenant_source ON leads (tenant_id, source, created_at);
      CREATE INDEX leads_tags ON leads USING gin (tags);
      CREATE INDEX leads_custom_fields ON leads USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX leads_search ON leads USING gin (search_text public.gin_trgm_ops);
    `,
  },
  {
    name: 'LeadConversion1763900200000',
    up: `
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
    `,
  },
  {
    name: 'LeadDuplicatesAndMerges1764300000000',
    up: `
      ${duplicateIndexesSql(LEAD_DUPLICATES)}

      -- A contact merge moves converted leads' contact_id onto the kept contact: two leads may then
      -- share one contact.
      DROP INDEX leads_contact_id;
      CREATE INDEX leads_contact_id ON leads (contact_id) WHERE contact_id IS NOT NULL;
    `,
  },
  {
    name: 'LeadListIndexesPerTenant1764400000000',
    up: `
      ${ENSURE_BTREE_GIN}

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
    `,
  },
  {
    name: 'LeadStaysConverted1764500000000',
    up: `
      -- api-contract §10: a converted lead stays converted, whichever code path (or plain SQL) writes it.
      -- Raised as a check violation naming the trigger, which updateLead answers with a 422.
      CREATE FUNCTION leads_converted_stays_converted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'A converted lead cannot change its status.'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'leads_converted_stays_converted';
      END
      $$;
      CREATE TRIGGER leads_converted_stays_converted BEFORE UPDATE ON leads
        FOR EACH ROW WHEN (OLD.status = 'converted' AND NEW.status IS DISTINCT FROM 'converted')
        EXECUTE FUNCTION leads_converted_stays_converted();
    `,
  },
  {
    name: 'PhoneDigitsSearch1766300000000',
    // api-contract §4: a search of a phone number's digits finds it however it was typed.
    up: phoneDigitsIndexSql('leads'),
  },
  {
    name: 'DuplicatesNewestFirst1766300000001',
    // A duplicate check reads each test's newest matches from its own index, whatever the tenant's size.
    up: newestDuplicateIndexesSql(LEAD_DUPLICATES),
  },
  {
    name: 'RecordTotals1766300000002',
    // A list restricted only by who may open and who owns counts from these totals, at any size.
    up: recordTotalsSql('leads', 'assigned_to'),
  },
  {
    name: 'LeadTotalsByStatus1766300000003',
    // A list filtered by status counts from the totals too; any other filtered list's count is kept per write version.
    up: dropRecordTotalsSql('leads') + recordTotalsSql('leads', 'assigned_to', { status: 'text' }) + recordWriteCountsSql('leads'),
  },
  {
    name: 'LeadsByStatusThenId1766300000004',
    // The order of `ordering=status` (status, then id): read from an index, not sorted. One statement: see the audit's time index.
    transaction: false,
    up: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS leads_tenant_status_id ON leads (tenant_id, status, id)',
  },
  {
    name: 'ComposedText1766300000005',
    // Text stored before requests were put in NFC, composed, so a search or a duplicate check finds it.
    up: composedTextSql('leads', ['title', 'first_name', 'last_name', 'email', 'phone', 'company_name'], ['tags']),
  },
  {
    name: 'ChangedRows1766300000006',
    // A filtered list's kept count is carried through the rows written since, not counted again after each write.
    up: recordChangedRowsSql('leads'),
  },
  // A custom field's bound is an index range over the number and date values, not a read of every record.
  ...recordCustomValuesMigrations('leads', 1766300000007),
  {
    name: 'WebForms1766300000011',
    // Web-to-lead (api-contract §12): a tenant's forms, and what each visitor posted, kept on the lead it made or joined.
    up: `
      CREATE TABLE web_forms (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        public_key text NOT NULL UNIQUE,
        is_active boolean NOT NULL DEFAULT true,
        allowed_origins text[] NOT NULL DEFAULT '{}',
        assigned_to uuid NOT NULL,
        tags text[] NOT NULL DEFAULT '{}',
        redirect_url text,
        created_by uuid NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX web_forms_newest ON web_forms (tenant_id, created_at, id);

      CREATE TABLE web_form_submissions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        form_id uuid NOT NULL,
        -- The form's name when it was received: a deleted form's submissions still say where they came from.
        form_name text NOT NULL,
        lead_id uuid NOT NULL,
        data jsonb NOT NULL,
        received_at timestamptz NOT NULL
      );
      CREATE INDEX web_form_submissions_of_lead ON web_form_submissions (lead_id, received_at, id);
      CREATE INDEX web_form_submissions_of_form ON web_form_submissions (form_id);
    `,
  },
];
