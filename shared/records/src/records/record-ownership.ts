import { ForbiddenError, NotFoundError } from '@crm/platform';
import { hasSalesAccess, isAdmin, type Caller } from '@crm/platform';

/** Who a sales record belongs to: its creator and its owner (`assigned_to`, or an `owner`). */
export interface RecordOwnership {
  tenantId: string;
  createdBy: string;
  ownerId: string | null;
}

/** architecture §3: a member without sales access may not use the sales entities at all (403). */
export function requireSalesAccess(caller: Caller): void {
  if (!hasSalesAccess(caller)) throw new ForbiddenError('You do not have permission to perform this action.');
}

/** Admins open every record of their tenant; members those they created or own. */
export function canOpen(caller: Caller, record: RecordOwnership): boolean {
  if (record.tenantId !== caller.tenantId || !hasSalesAccess(caller)) return false;
  return isAdmin(caller) || record.createdBy === caller.profileId || record.ownerId === caller.profileId;
}

/** Deleting needs more than opening: admins, or the record's creator. */
export function canDelete(caller: Caller, record: RecordOwnership): boolean {
  return canOpen(caller, record) && (isAdmin(caller) || record.createdBy === caller.profileId);
}

/**
 * The record if the caller may open it; otherwise 404 with the body of a random id, so a hidden
 * record (another tenant's, or one the caller may not open) cannot be told from a missing one.
 */
export function openedOrNotFound<T extends RecordOwnership>(caller: Caller, record: T | undefined): T {
  if (!record || !canOpen(caller, record)) throw new NotFoundError();
  return record;
}

export function requireDeleteRight(caller: Caller, record: RecordOwnership): void {
  if (!canDelete(caller, record)) throw new ForbiddenError('Only an admin or the record’s creator may delete it.');
}

/**
 * Only an admin may give a record to someone else (api-contract §3); a member may name themselves, or keep
 * the current owner. `wanted` undefined: the body does not assign.
 */
export function checkAssignment(caller: Caller, wanted: string | undefined, currentOwner: string | undefined, noun = 'record'): void {
  if (wanted === undefined || isAdmin(caller)) return;
  if (wanted !== (currentOwner ?? caller.profileId)) {
    throw new ForbiddenError(`Only an admin may assign a ${noun} to someone else.`);
  }
}

/**
 * The SQL condition limiting a list to what the caller may open (tenant included), for a table with
 * `tenant_id`, `created_by` and the owner column. Parameters are appended to `params`.
 */
export function visibleRecordsCondition(caller: Caller, ownerColumn: string, params: unknown[]): string {
  params.push(caller.tenantId);
  const tenant = `tenant_id = $${params.length}`;
  if (isAdmin(caller)) return tenant;
  params.push(caller.profileId);
  const me = `$${params.length}`;
  return `${tenant} AND (created_by = ${me} OR ${ownerColumn} = ${me})`;
}
