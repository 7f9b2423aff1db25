import { isDeepStrictEqual } from 'node:util';

/**
 * Whether a write would store what is stored already (so it bumps no version and emits no event).
 * Compares deeply: jsonb hands objects back with their keys in its own order.
 */
export function sameValues<V extends object>(values: V, existing: V, keys: readonly (keyof V)[] = Object.keys(values) as (keyof V)[]): boolean {
  return keys.every((key) => isDeepStrictEqual(values[key], existing[key]));
}
