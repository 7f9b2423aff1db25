import { ENSURE_PG_TRGM, customFieldsMigration, duplicateIndexesSql, inboxRetentionMigration, messagingMigration, profileReplicaMigration, recordNotesMigration, type SqlMigration, phoneDigitsIndexSql, newestDuplicateIndexesSql, recordTotalsSql, recordTotalsFunctionSql, recordWriteCountsSql, recordChangedRowsSql, recordCustomValuesMigrations, composedTextSql } from '@crm/shared';
import { CONTACT_DUPLICATES } from './duplicates/contact-duplicates';

/**
 * The contacts schema. As for leads, indexes serve a page with its count at a million contacts over
 * many tenants: every list is scoped to a tenant (and, for members, to what they created or own),
 * filtered by account, tags (GIN), custom fields (jsonb containment, GIN) or free text (trigram GIN),
 * and ordered by an allowed field then the id.
 *
 * The accounts replica lives in this schema, so a contact's account is a foreign key on
 * `(tenant_id, account_id)`: a contact can only point to an account of its own tenant, and the replica
 * row cannot go while a write that checked it is in flight.
 */
export const contactsMigrations: SqlMigration[] = [
  messagingMigration,
  inboxRetentionMigration,
  profileReplicaMigration('ProfileReplica1763900000000'),
  customFieldsMigration('CustomFields1763900050000'),
  recordNotesMigration('NotesAndFiles1763900060000'),
  {
    name: 'AccountReplica1764100000000',
    up: `
      -- Accounts as accounts-opportunities announces them (account.created|updated|deleted): enough to
      -- check an account_id and to show account {id, name}.
      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        version integer NOT NULL,
        CONSTRAINT accounts_tenant_id UNIQUE (tenant_id, id)
      );
      -- Accounts deleted for good (ids are never reused): a late or redelivered account.created|updated
      -- of an older version must not bring one back.
      CREATE TABLE account_tombstones (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        version integer NOT NULL
      );
    `,
  },
  {
    name: 'Contacts1764100100000',
    up: `
      ${ENSURE_PG_TRGM}

      CREATE TABLE contacts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        first_name text,
        last_name text,
        email text,
        phone text,
        title text,
        account_id uuid,
        linkedin_url text,
        tags text[] NOT NULL DEFAULT '{}',
        owner_id uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (
          lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' ||
                coalesce(phone, ''))
        ) STORED,
        -- Deleting the replica row clears the link (the account.deleted handler does it first; this is the net).
        CONSTRAINT contacts_account FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id)
          ON DELETE SET NULL (account_id)
      );
      CREATE INDEX contacts_tenant_created ON contacts (tenant_id, created_at, id);
      CREATE INDEX contacts_tenant_updated ON contacts (tenant_id, updated_at, id);
      CREATE INDEX contacts_tenant_owner ON contacts (tenant_id, owner_id, created_at, id);
      CREATE INDEX contacts_tenant_creator ON contacts (tenant_id, created_by, created_at, id);
      CREATE INDEX contacts_tenant_account ON contacts (tenant_id, account_id, created_at, id) WHERE account_id IS NOT NULL;
      CREATE INDEX contacts_tenant_first_name ON contacts (tenant_id, first_name, id);
      CREATE INDEX contacts_tenant_last_name ON contacts (tenant_id, last_name, id);
      CREATE INDEX contacts_tenant_email ON contacts (tenant_id, email, id);
      CREATE INDEX contacts_tags ON contacts USING gin (tags);
      CREATE INDEX contacts_custom_fields ON contacts USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX contacts_search ON contacts USING gin (search_text public.gin_trgm_ops);

      -- The leads a contact is linked to (lead conversion links them), shown as lead_ids.
      CREATE TABLE contact_leads (
        tenant_id uuid NOT NULL,
        contact_id uuid NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        lead_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (contact_id, lead_id)
      );
      CREATE INDEX contact_leads_lead ON contact_leads (tenant_id, lead_id);
    `,
  },
  {
    name: 'ContactDuplicates1764300000000',
    up: duplicateIndexesSql(CONTACT_DUPLICATES),
  },
  {
    name: 'AccountReplicaOwnership1764400000000',
    up: `
      -- Who may open each account (its creator and owner), so a member naming an account they may not
      -- open is answered as for a random id (api-contract §4). Null in rows copied before: not known yet,
      -- so a member's write naming one asks accounts-opportunities (and fills them in).
      ALTER TABLE accounts ADD COLUMN created_by uuid, ADD COLUMN owner_id uuid;
    `,
  },
  {
    name: 'PhoneDigitsSearch1766300000000',
    // api-contract §4: a search of a phone number's digits finds it however it was typed.
    up: phoneDigitsIndexSql('contacts'),
  },
  {
    name: 'DuplicatesNewestFirst1766300000001',
    // A duplicate check reads each test's newest matches from its own index, whatever the tenant's size.
    up: newestDuplicateIndexesSql(CONTACT_DUPLICATES),
  },
  {
    name: 'RecordTotals1766300000002',
    // A list restricted only by who may open and who owns counts from these totals, at any size.
    up: recordTotalsSql('contacts', 'owner_id'),
  },
  {
    name: 'RecordWriteCounts1766300000003',
    // A filtered list's count is kept per write version; the totals are written by one shard per transaction.
    up: recordTotalsFunctionSql('contacts', 'owner_id') + recordWriteCountsSql('contacts'),
  },
  {
    name: 'ComposedText1766300000005',
    // Text stored before requests were put in NFC, composed, so a search or a duplicate check finds it.
    up: composedTextSql('contacts', ['first_name', 'last_name', 'email', 'phone', 'title', 'linkedin_url'], ['tags']),
  },
  {
    name: 'ChangedRows1766300000006',
    // A filtered list's kept count is carried through the rows written since, not counted again after each write.
    up: recordChangedRowsSql('contacts'),
  },
  // A custom field's bound is an index range over the number and date values, not a read of every record.
  ...recordCustomValuesMigrations('contacts', 1766300000007),
];
