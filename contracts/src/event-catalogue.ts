import { topicMatches, type AnyServiceDefinition, type PublishedEvent } from '@crm/platform';

/** Every event the services publish, each as its producer declares it (`publishes`), in the services' order (architecture §4). */
export const eventCatalogue = (services: readonly AnyServiceDefinition[]): readonly PublishedEvent[] => services.flatMap((service) => service.publishes ?? []);

/** The event types a queue with these bindings receives: an event type as it is, a pattern (`#`) as the types it matches. */
export function eventTypesBoundBy(catalogue: readonly PublishedEvent[], bindings: readonly string[]): string[] {
  const isPattern = (binding: string) => binding.includes('*') || binding.includes('#');
  const types = bindings.flatMap((binding) => (isPattern(binding) ? catalogue.filter((entry) => topicMatches(binding, entry.type)).map((entry) => entry.type) : [binding]));
  return [...new Set(types)];
}

/** The catalogue's entry of `type`; a type nobody declares is a mistake of the caller. */
export function catalogueEntry(catalogue: readonly PublishedEvent[], type: string): PublishedEvent {
  const entry = catalogue.find((candidate) => candidate.type === type);
  if (!entry) throw new Error(`${type} is published by no service (no service definition's \`publishes\` declares it)`);
  return entry;
}
