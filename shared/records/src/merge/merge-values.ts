/**
 * The values of a merge (api-contract §4): the keeper's values win; a blank group of the keeper is filled from
 * the merged-away record as a whole (a name is first and last name together, an amount comes with its
 * currency); tags are combined; custom fields the keeper lacks are taken. Pure: the caller stores it.
 */
export interface FillGroup<V> {
  /** The group is blank when every one of these is blank. */
  fields: readonly (keyof V & string)[];
  /** Taken along with the group (never blank themselves, such as a currency). */
  with?: readonly (keyof V & string)[];
}

/** A record's values as a merge sees them: plain fields, plus tags and custom fields, under their API names. */
export interface MergeableValues {
  tags: string[];
  custom_fields: Record<string, unknown>;
}

export interface MergedValues<V> {
  values: V;
  /** API field names whose value came from the keeper (custom fields as `custom_fields.<key>`). */
  fromKeeper: string[];
  /** API field names filled from the merged-away record (`tags` when it added some). */
  fromMerged: string[];
}

const isBlank = (value: unknown): boolean => value === null || value === undefined || value === '';

export function mergeValues<V extends MergeableValues>(
  keeper: V,
  merged: V,
  groups: readonly FillGroup<V>[],
  /** Fields that are the keeper's whatever the other holds (status, board position, owner). */
  keptAsIs: readonly (keyof V & string)[] = [],
): MergedValues<V> {
  const values = { ...keeper };
  const fromKeeper: string[] = [...keptAsIs];
  const fromMerged: string[] = [];
  for (const group of groups) {
    const taken = [...group.fields, ...(group.with ?? [])];
    if (!group.fields.every((key) => isBlank(keeper[key]))) {
      fromKeeper.push(...taken.filter((key) => !isBlank(keeper[key])));
    } else if (!group.fields.every((key) => isBlank(merged[key]))) {
      for (const key of taken) values[key] = merged[key];
      fromMerged.push(...taken);
    }
  }

  values.tags = [...new Set([...keeper.tags, ...merged.tags])];
  if (keeper.tags.length > 0) fromKeeper.push('tags');
  if (values.tags.length > keeper.tags.length) fromMerged.push('tags');

  values.custom_fields = { ...keeper.custom_fields };
  for (const [key, value] of Object.entries(keeper.custom_fields)) {
    if (!isBlank(value)) fromKeeper.push(`custom_fields.${key}`);
  }
  for (const [key, value] of Object.entries(merged.custom_fields)) {
    if (isBlank(keeper.custom_fields[key]) && !isBlank(value)) {
      values.custom_fields[key] = value;
      fromMerged.push(`custom_fields.${key}`);
    }
  }
  return { values, fromKeeper, fromMerged };
}
