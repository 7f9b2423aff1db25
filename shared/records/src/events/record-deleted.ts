import { z } from 'zod';

/**
 * `<entity>.deleted` (api-contract §4, architecture §4): the record is gone for good. `assigned_to` lists every owner it
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

type RecordDeletedData = z.infer<typeof recordDeletedData>;

/**
 * What a consumer needs of a `<entity>.deleted`: the record, its last version and the keeper when a
 * merge deleted it; undefined for a malformed event, which the consumer ignores (as the other replica
 * events), rather than have it redelivered to the dead-letter queue.
 */
export function deletedRecordOf(data: unknown): { id: string; version: number; mergedInto: string | null } | undefined {
  const parsed = recordDeletedData.pick({ id: true, version: true, merged_into: true }).safeParse(data);
  return parsed.success ? { id: parsed.data.id, version: parsed.data.version, mergedInto: parsed.data.merged_into ?? null } : undefined;
}
