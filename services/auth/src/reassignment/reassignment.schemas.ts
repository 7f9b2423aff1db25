import { idField } from '@crm/records';
import { z } from 'zod';

/** `POST /api/auth/users/<profile_id>/reassign/`: the member who gets the records. */
export const reassignBody = z.strictObject({ to: idField });
export type ReassignInput = z.infer<typeof reassignBody>;
