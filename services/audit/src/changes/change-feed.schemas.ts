import { paginationQuery } from '@crm/platform';
import { pageSchema } from '@crm/records';
import { z } from 'zod';
import { auditEntrySchema } from '../audit-log/audit-log.repository';

/** An event type (`lead.updated`) or all of an entity's (`lead.*`). */
const TYPE_PATTERN = '[a-z_]+\\.(?:[a-z_]+|\\*)';

const NOT_A_CURSOR = 'Not a cursor of the change feed: give the cursor of an answer as it is.';
const MAX_TX_ID = 2n ** 64n - 1n;
const MAX_SEQ = 2n ** 63n - 1n;
const CURSOR_SHAPE = /^\d{1,20}\.\d{1,19}$/;
/** zod runs the refinement after a failed regex too: a cursor of another shape is the regex's to report. */
const fitsFeedPosition = (cursor: string): boolean => {
  if (!CURSOR_SHAPE.test(cursor)) return true;
  const [txId, seq] = cursor.split('.');
  return BigInt(txId!) <= MAX_TX_ID && BigInt(seq!) <= MAX_SEQ;
};

export const changeFeedQuery = z.strictObject({
  after: z
    .string()
    .regex(CURSOR_SHAPE, NOT_A_CURSOR)
    // Past a transaction id (xid8) or a sequence (bigint) PostgreSQL refuses the cast: a 400 here, not a 500 there.
    .refine((cursor) => fitsFeedPosition(cursor), NOT_A_CURSOR)
    .optional()
    .describe('The `cursor` of the last answer: the changes after it. Unset: from the oldest change the audit log keeps.'),
  types: z
    .string()
    .regex(new RegExp(`^${TYPE_PATTERN}(?:,${TYPE_PATTERN})*$`), 'Enter event types such as lead.created or lead.*, separated by commas.')
    .optional()
    .describe('Comma-separated event types (`lead.updated`) or entities (`lead.*`); unset: every type (needs `audit:read`).'),
  page_size: paginationQuery.page_size,
});

export type ChangeFeedQuery = z.infer<typeof changeFeedQuery>;

/** A page of changes: the list envelope (`count`: the matches after `after`, this page's and the rest) and the cursor to resume from. */
export const changePageSchema = pageSchema(auditEntrySchema).extend({
  cursor: z.string().describe('Where this page ends: pass it as `after` to read on, now or later (it is not bound to `types`).'),
});
