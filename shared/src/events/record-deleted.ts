import { z } from 'zod';

/**
 * `<entity>.deleted` (DESIGN §6, §7): the record is gone for good. `assigned_to` lists every owner it
 * had (one for a plain delete, more for the merged-away record of a merge); `version` is one past its
 * last change. `merged_into` names the keeper when a merge deleted it (null for a plain delete; absent
 * in events written before it existed): a consumer that gets this before the `<entity>.merged` moves
 * what points to it onto the keeper instead of clearing it.
 */
export const recordDeletedData = z.object({
  id: z.uuid(),
  assigned_to: z.array(z.uuid()),
  version: z.number().int(),
  merged_into: z.uuid().nullable().optional(),
});

export type RecordDeletedData = z.infer<typeof recordDeletedData>;
