import type { PublishedEvent } from '@crm/platform';
import { recordDeletedData } from './record-deleted';
import { recordMergedData } from './record-merged';

/** The routing keys of a record's events, for the entity a service names (`<entity>.created`, …). */
export const recordEventTypes = (entity: string) =>
  ({
    created: `${entity}.created`,
    updated: `${entity}.updated`,
    deleted: `${entity}.deleted`,
    merged: `${entity}.merged`,
  }) as const;

/** `<entity>.created|updated|deleted`, as the service owning the entity declares them among its published events. */
export function recordPublishedEvents(entity: string, producer: string): PublishedEvent[] {
  const types = recordEventTypes(entity);
  return [
    { type: types.created, producer, summary: `A ${entity} was created: the record as the API shows it, plus \`version\`.` },
    { type: types.updated, producer, summary: `A ${entity} changed: the record as the API shows it now, plus \`version\`.` },
    {
      type: types.deleted,
      producer,
      summary: `A ${entity} was deleted (also the merged-away one of a merge, then \`merged_into\` names the keeper): \`{id, assigned_to, version, merged_into}\`.`,
      data: recordDeletedData,
    },
  ];
}

/** `<entity>.merged`, published by a service whose entity can be merged (`mergeRecords`). */
export const recordMergedEvent = (entity: string, producer: string): PublishedEvent => ({
  type: recordEventTypes(entity).merged,
  producer,
  summary: `A ${entity} was merged into another (subject: the keeper).`,
  data: recordMergedData,
});
