/**
 * The five entities as a client meets them, described once for the conformance suites: each case there
 * runs for every entity below. What differs between them is only what is written here.
 */
export interface Entity {
  /** `/api/<path>/` */
  path: 'leads' | 'contacts' | 'accounts' | 'opportunities' | 'tasks';
  /** The service that owns it. */
  service: 'leads' | 'contacts' | 'accounts-opportunities';
  /** Its name in custom-field definitions, notes and events. */
  entity: string;
  /** The field a minimal body sets (and that names a record in these suites). */
  labelField: 'first_name' | 'name' | 'title';
  /** The body field naming the owner, and the view's field showing it as `{id, email}`. */
  owner: { field: 'assigned_to_id' | 'owner_id'; view: 'assigned_to' | 'owner'; filter: 'assigned_to' | 'owner' };
  /** A body with a bad value of the entity's own (a 400 on that field when the record is openable). */
  badBody: Record<string, unknown>;
  /** Ordering fields besides `created_at` and `updated_at`, each with a label's order it sorts by. */
  textOrdering: 'first_name' | 'name' | 'title';
  /** Lead and contact records can be merged and checked for duplicates. */
  mergeable: boolean;
  /** Fields the server derives that are the entity's own (besides id, org, creator, times, owner, version, definitions). */
  ownServerFields: string[];
}

export const ENTITIES: Entity[] = [
  {
    path: 'leads', service: 'leads', entity: 'lead', labelField: 'first_name', textOrdering: 'first_name', mergeable: true,
    owner: { field: 'assigned_to_id', view: 'assigned_to', filter: 'assigned_to' }, badBody: { status: 'nonsense' }, ownServerFields: ['account_id', 'contact_id', 'opportunity_id', 'conversion_status'],
  },
  {
    path: 'contacts', service: 'contacts', entity: 'contact', labelField: 'first_name', textOrdering: 'first_name', mergeable: true,
    owner: { field: 'owner_id', view: 'owner', filter: 'owner' }, badBody: { email: 'nonsense' }, ownServerFields: ['account', 'lead_ids'],
  },
  {
    path: 'accounts', service: 'accounts-opportunities', entity: 'account', labelField: 'name', textOrdering: 'name', mergeable: false,
    owner: { field: 'assigned_to_id', view: 'assigned_to', filter: 'assigned_to' }, badBody: { website: 'nonsense' }, ownServerFields: [],
  },
  {
    path: 'opportunities', service: 'accounts-opportunities', entity: 'opportunity', labelField: 'name', textOrdering: 'name', mergeable: false,
    owner: { field: 'assigned_to_id', view: 'assigned_to', filter: 'assigned_to' }, badBody: { stage: 'nonsense' }, ownServerFields: ['account', 'lead_id'],
  },
  {
    path: 'tasks', service: 'accounts-opportunities', entity: 'task', labelField: 'title', textOrdering: 'title', mergeable: false,
    owner: { field: 'assigned_to_id', view: 'assigned_to', filter: 'assigned_to' }, badBody: { priority: 'nonsense' }, ownServerFields: [],
  },
];

/** A minimal valid body of the entity, named `label`. */
export const bodyOf = (entity: Entity, label: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ [entity.labelField]: label, ...extra });
