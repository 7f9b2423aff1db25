import { idSchema, timestampSchema } from '@crm/records';
import { z } from 'zod';
import type { Reassignment } from './reassignments.repository';

/** Per collection of the API, the records moved (0 until the service owning it has reported). */
const movedSchema = z.strictObject({
  leads: z.number().int(),
  contacts: z.number().int(),
  accounts: z.number().int(),
  opportunities: z.number().int(),
  tasks: z.number().int(),
});

type MovedCounts = z.infer<typeof movedSchema>;

const NOTHING_MOVED: MovedCounts = { leads: 0, contacts: 0, accounts: 0, opportunities: 0, tasks: 0 };

/** A reassignment as its status resource shows it (the schema documents the answers). */
export const reassignmentViewSchema = z.strictObject({
  id: idSchema,
  /** The member whose records move. */
  from: idSchema,
  /** The member they move to. */
  to: idSchema,
  /** `completed` once every service owning records has moved all of them. */
  status: z.enum(['pending', 'completed']),
  moved: movedSchema,
  requested_at: timestampSchema,
  completed_at: timestampSchema.nullable(),
});
export type ReassignmentView = z.infer<typeof reassignmentViewSchema>;

export const reassignmentView = (reassignment: Reassignment): ReassignmentView => ({
  id: reassignment.id,
  from: reassignment.from,
  to: reassignment.to,
  status: reassignment.status,
  moved: { ...NOTHING_MOVED, ...pickMoved(reassignment.moved) },
  requested_at: reassignment.requestedAt.toISOString(),
  completed_at: reassignment.completedAt?.toISOString() ?? null,
});

/** The counts of the collections the view shows (a report naming another is kept, not shown). */
const pickMoved = (moved: Record<string, number>): Partial<MovedCounts> =>
  Object.fromEntries(Object.keys(NOTHING_MOVED).filter((collection) => collection in moved).map((collection) => [collection, moved[collection]]));
