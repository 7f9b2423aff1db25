import { queryOne, type Db } from '@crm/platform';

/** A reassignment as auth keeps it: the request, and what the services owning records reported so far. */
export interface Reassignment {
  id: string;
  orgId: string;
  from: string;
  to: string;
  status: 'pending' | 'completed';
  /** Per collection of the API, the records moved, as reported. */
  moved: Record<string, number>;
  /** The services that reported. */
  reportedBy: string[];
  requestedAt: Date;
  completedAt: Date | null;
}

interface ReassignmentRow {
  id: string;
  org_id: string;
  from_profile_id: string;
  to_profile_id: string;
  status: 'pending' | 'completed';
  moved: Record<string, number>;
  reported_by: string[];
  requested_at: Date;
  completed_at: Date | null;
}

const COLUMNS = 'id, org_id, from_profile_id, to_profile_id, status, moved, reported_by, requested_at, completed_at';

const toReassignment = (row: ReassignmentRow): Reassignment => ({
  id: row.id,
  orgId: row.org_id,
  from: row.from_profile_id,
  to: row.to_profile_id,
  status: row.status,
  moved: row.moved,
  reportedBy: row.reported_by,
  requestedAt: row.requested_at,
  completedAt: row.completed_at,
});

export async function insertReassignment(
  db: Db,
  reassignment: { id: string; orgId: string; from: string; to: string; requestedBy: string; requestedAt: Date },
): Promise<Reassignment> {
  const row = await queryOne<ReassignmentRow>(
    db,
    `INSERT INTO reassignments (id, org_id, from_profile_id, to_profile_id, requested_by, requested_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [reassignment.id, reassignment.orgId, reassignment.from, reassignment.to, reassignment.requestedBy, reassignment.requestedAt],
  );
  return toReassignment(row!);
}

/** The tenant's reassignment with that id, or undefined. */
export async function findReassignment(db: Db, orgId: string, id: string): Promise<Reassignment | undefined> {
  const row = await queryOne<ReassignmentRow>(db, `SELECT ${COLUMNS} FROM reassignments WHERE id = $1 AND org_id = $2`, [id, orgId]);
  return row && toReassignment(row);
}

/**
 * Adds a service's report: its counts join `moved`, its name `reported_by` (a service reports once). The
 * row stays locked until the transaction ends, so reports handled at once count one after the other.
 * Answers the reassignment as it is now; undefined when the tenant has no such reassignment.
 */
export async function addReport(db: Db, orgId: string, id: string, service: string, moved: Record<string, number>): Promise<Reassignment | undefined> {
  const row = await queryOne<ReassignmentRow>(
    db,
    `UPDATE reassignments
        SET moved = moved || $4::jsonb,
            reported_by = CASE WHEN $3 = ANY (reported_by) THEN reported_by ELSE array_append(reported_by, $3) END
      WHERE id = $1 AND org_id = $2
      RETURNING ${COLUMNS}`,
    [id, orgId, service, JSON.stringify(moved)],
  );
  return row && toReassignment(row);
}

export async function completeReassignment(db: Db, id: string, completedAt: Date): Promise<Reassignment> {
  const row = await queryOne<ReassignmentRow>(
    db,
    `UPDATE reassignments SET status = 'completed', completed_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, completedAt],
  );
  return toReassignment(row!);
}
