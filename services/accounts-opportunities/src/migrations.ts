import { ENSURE_PG_TRGM, customFieldsMigration, inboxRetentionMigration, messagingMigration, profileReplicaMigration, OWNED_RECORD_COLUMNS, ownedRecordIndexes, recordNotesMigration, type SqlMigration, phoneDigitsIndexSql, recordTotalsSql, recordTotalsFunctionSql, recordWriteCountsSql, recordChangedRowsSql, recordCustomValuesMigrations, composedTextSql } from '@crm/shared';

/**
 * The accounts_opportunities schema. As for leads, indexes serve a page with its count at a million
 * records over many tenants: every list is scoped to a tenant (for members, also to what they created
 * or own), filtered by tags (GIN), custom fields (jsonb containment, GIN), free text (trigram GIN on a
 * generated lower-cased `search_text`) or a reference, and ordered by an allowed field then the id.
 *
 * `stage`, `status` and `priority` order by their place in their workflow (prospecting → closed_lost,
 * open → done, low → high), not alphabetically: a generated `*_rank` column holds that place.
 *
 * References inside the schema are foreign keys (an opportunity's or a task's account, a task's
 * opportunity); deleting the referenced record clears them first, as a change of each record (version,
 * event), and `ON DELETE SET NULL` stays as the net under that. Contacts and leads live in other services:
 * they are checked against `known_records`, a replica fed by their events.
 */
/** The service's record tables, which every records-layer migration applies to alike. */
export const RECORD_TABLES = ['accounts', 'opportunities', 'tasks'];

export const accountsOpportunitiesMigrations: SqlMigration[] = [
  messagingMigration,
  inboxRetentionMigration,
  profileReplicaMigration('ProfileReplica1763900000000'),
  customFieldsMigration('CustomFields1763900050000'),
  {
    name: 'KnownRecords1764000000000',
    up: `
      -- Contacts and leads as their services announce them: enough to check that an id names a record
      -- of the tenant. A deleted record stays as a tombstone (deleted = true), so an older event that
      -- arrives late cannot bring it back.
      CREATE TABLE known_records (
        record_type text NOT NULL,
        id uuid NOT NULL,
        tenant_id uuid NOT NULL,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (record_type, id)
      );
    `,
  },
  {
    name: 'AccountsOpportunitiesTasks1764000100000',
    up: `
      ${ENSURE_PG_TRGM}

      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        industry text,
        website text,
        email text,
        phone text,
        billing_city text,
        billing_country text,
        ${OWNED_RECORD_COLUMNS},
        search_text text GENERATED ALWAYS AS (
          lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(website, ''))
        ) STORED
      );
      CREATE INDEX accounts_tenant_name ON accounts (tenant_id, name, id);
      ${ownedRecordIndexes('accounts')}

      CREATE TABLE opportunities (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
        contact_ids uuid[] NOT NULL DEFAULT '{}',
        lead_id uuid,
        amount numeric(14, 2),
        currency char(3) NOT NULL DEFAULT 'USD',
        stage text NOT NULL DEFAULT 'prospecting',
        stage_rank smallint GENERATED ALWAYS AS (
          CASE stage WHEN 'prospecting' THEN 0 WHEN 'qualification' THEN 1 WHEN 'proposal' THEN 2
                     WHEN 'negotiation' THEN 3 WHEN 'closed_won' THEN 4 WHEN 'closed_lost' THEN 5 END
        ) STORED,
        probability smallint CHECK (probability BETWEEN 0 AND 100),
        close_date date,
        ${OWNED_RECORD_COLUMNS},
        search_text text GENERATED ALWAYS AS (lower(name)) STORED
      );
      CREATE INDEX opportunities_tenant_name ON opportunities (tenant_id, name, id);
      CREATE INDEX opportunities_tenant_amount ON opportunities (tenant_id, amount, id);
      CREATE INDEX opportunities_tenant_close_date ON opportunities (tenant_id, close_date, id);
      CREATE INDEX opportunities_tenant_stage ON opportunities (tenant_id, stage_rank, id);
      CREATE INDEX opportunities_account ON opportunities (account_id) WHERE account_id IS NOT NULL;
      CREATE INDEX opportunities_contacts ON opportunities USING gin (contact_ids);
      CREATE INDEX opportunities_lead ON opportunities (lead_id) WHERE lead_id IS NOT NULL;
      ${ownedRecordIndexes('opportunities')}

      CREATE TABLE tasks (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        title text NOT NULL,
        status text NOT NULL DEFAULT 'open',
        status_rank smallint GENERATED ALWAYS AS (
          CASE status WHEN 'open' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 END
        ) STORED,
        priority text NOT NULL DEFAULT 'normal',
        priority_rank smallint GENERATED ALWAYS AS (
          CASE priority WHEN 'low' THEN 0 WHEN 'normal' THEN 1 WHEN 'high' THEN 2 END
        ) STORED,
        due_date date,
        lead_id uuid,
        contact_id uuid,
        account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
        opportunity_id uuid REFERENCES opportunities (id) ON DELETE SET NULL,
        ${OWNED_RECORD_COLUMNS},
        search_text text GENERATED ALWAYS AS (lower(title)) STORED
      );
      CREATE INDEX tasks_tenant_title ON tasks (tenant_id, title, id);
      CREATE INDEX tasks_tenant_due_date ON tasks (tenant_id, due_date, id);
      CREATE INDEX tasks_tenant_status ON tasks (tenant_id, status_rank, id);
      CREATE INDEX tasks_tenant_priority ON tasks (tenant_id, priority_rank, id);
      CREATE INDEX tasks_lead ON tasks (lead_id) WHERE lead_id IS NOT NULL;
      CREATE INDEX tasks_contact ON tasks (contact_id) WHERE contact_id IS NOT NULL;
      CREATE INDEX tasks_account ON tasks (account_id) WHERE account_id IS NOT NULL;
      CREATE INDEX tasks_opportunity ON tasks (opportunity_id) WHERE opportunity_id IS NOT NULL;
      ${ownedRecordIndexes('tasks')}
    `,
  },
  {
    name: 'KnownRecordsMergedInto1765000000000',
    up: `
      -- A contact or lead merged away (lead.merged / contact.merged) is dead, and names its keeper: a link
      -- to it written later (a late event, a client holding the old id) lands on the keeper instead.
      ALTER TABLE known_records ADD COLUMN merged_into uuid;
    `,
  },
  {
    name: 'KnownRecordsOwnership1764400000000',
    up: `
      -- Who may open each contact and lead (its creator and owner), so a member naming one they may not
      -- open is answered as for a random id (api-contract §4). Null in rows copied before: not known yet, so
      -- a member's write naming one asks its owning service (and fills them in).
      ALTER TABLE known_records ADD COLUMN created_by uuid, ADD COLUMN owner_id uuid;
    `,
  },
  // Notes and files on accounts, opportunities and tasks (api-contract §13), as leads and contacts have them.
  recordNotesMigration('NotesAndFiles1766300000000'),
  {
    name: 'PhoneDigitsSearch1766300000000',
    // api-contract §4: a search of a phone number's digits finds it however it was typed.
    up: phoneDigitsIndexSql('accounts'),
  },
  {
    name: 'RecordTotals1766300000002',
    // A list restricted only by who may open and who owns counts from these totals, at any size.
    up: RECORD_TABLES.map((table) => recordTotalsSql(table, 'assigned_to')).join('\n'),
  },
  {
    name: 'RecordWriteCounts1766300000003',
    // A filtered list's count is kept per write version; the totals are written by one shard per transaction.
    up: RECORD_TABLES.map((table) => recordTotalsFunctionSql(table, 'assigned_to') + recordWriteCountsSql(table)).join('\n'),
  },
  {
    name: 'ComposedText1766300000005',
    // Text stored before requests were put in NFC, composed, so a search finds it. Currency, stage, status and
    // priority are left out: only their listed ASCII values are ever accepted.
    up: [
      composedTextSql('accounts', ['name', 'industry', 'website', 'email', 'phone', 'billing_city', 'billing_country'], ['tags']),
      composedTextSql('opportunities', ['name'], ['tags']),
      composedTextSql('tasks', ['title'], ['tags']),
    ].join('\n'),
  },
  {
    name: 'ChangedRows1766300000006',
    // A filtered list's kept count is carried through the rows written since, not counted again after each write.
    up: RECORD_TABLES.map(recordChangedRowsSql).join('\n'),
  },
  // A custom field's bound is an index range over the number and date values, not a read of every record.
  ...RECORD_TABLES.flatMap((table) => recordCustomValuesMigrations(table, 1766300000007)),
];
