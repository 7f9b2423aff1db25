import { openedOrNotFound, requireSalesAccess, type Caller, type Db, type RecordOwnership } from '@crm/shared';
import { findLead, type LeadRecord } from './leads.repository';

/**
 * The lead the caller may open, or: 403 for a member without sales access (the endpoint is not theirs),
 * 404 for a lead that is missing, another tenant's or not openable (one body for all three).
 */
export async function openLead(db: Db, caller: Caller, id: string, forUpdate = false): Promise<OpenedLead> {
  requireSalesAccess(caller);
  const lead = await findLead(db, caller.tenantId, id, forUpdate);
  return openedOrNotFound(caller, lead && { ...lead, ownerId: lead.assignedTo });
}

/** A lead with the ownership the access rules read (a lead's owner is its `assigned_to`). */
export type OpenedLead = LeadRecord & RecordOwnership;
