import { z } from 'zod';

/**
 * `<entity>.merged` (api-contract §4): written by the owning service in the transaction that merges two
 * records (subject: the kept record). Every other service moves what it holds that points to `merged_id`
 * onto `keeper_id`, and remembers the redirect, so a link to `merged_id` that arrives later (a late
 * message, a client holding an old id) lands on the keeper too. The audit log keeps the event as the
 * merge's entry: who merged what, and which fields came from which side.
 *
 * In the same transaction the owning service also writes `<entity>.updated` for the keeper (when its
 * values changed) and `<entity>.deleted` for the merged-away record.
 */
export const recordMergedData = z.object({
  keeper_id: z.uuid(),
  merged_id: z.uuid(),
  /** Fields whose value the keeper kept (it had one), by their API names; custom fields as `custom_fields.<key>`. */
  fields_from_keeper: z.array(z.string()),
  /** Blank fields of the keeper filled from the merged-away record (tags: the ones it added). */
  fields_from_merged: z.array(z.string()),
  /** Every owner the merged-away record had (as its `*.deleted` event says). */
  merged_assigned_to: z.array(z.uuid()),
  /** The keeper's version after the merge. */
  keeper_version: z.number().int(),
});

export type RecordMergedData = z.infer<typeof recordMergedData>;
