import { paginationQuery, timestampLowerBound, timestampUpperBound } from '@crm/platform';
import { z } from 'zod';

export const auditLogQuery = z.strictObject({
  ...paginationQuery,
  record_id: z.string().min(1).max(255).optional(),
  type: z
    .string()
    .regex(/^[a-z_]+\.[a-z_]+$/, 'Enter an event type such as lead.created.')
    .optional(),
  created_at__gte: timestampLowerBound.optional(),
  created_at__lte: timestampUpperBound.optional(),
  ordering: z.enum(['time', '-time', 'created_at', '-created_at']).optional(),
});

type AuditLogQuery = z.infer<typeof auditLogQuery>;
