/**
 * Every service behind the gateway, in start order: its name, the setting that points at it, and the
 * schema it owns. A module of its own, importing nothing, so that the tools (backup, restore) load it
 * without loading every service's code; `SERVICES` (system.ts) holds the definitions in the same order.
 */
export const SERVICE_PROCESSES = [
  { name: 'auth', setting: 'AUTH_SERVICE_URL', schema: 'auth' },
  { name: 'leads', setting: 'LEADS_SERVICE_URL', schema: 'leads' },
  { name: 'contacts', setting: 'CONTACTS_SERVICE_URL', schema: 'contacts' },
  { name: 'import-export', setting: 'IMPORT_EXPORT_SERVICE_URL', schema: 'import_export' },
  { name: 'accounts-opportunities', setting: 'ACCOUNTS_OPPORTUNITIES_SERVICE_URL', schema: 'accounts_opportunities' },
  { name: 'audit', setting: 'AUDIT_SERVICE_URL', schema: 'audit' },
] as const;

export type ServiceName = (typeof SERVICE_PROCESSES)[number]['name'];
