import type { Role } from '@crm/platform';

/** Resources that carry `<resource>:read` and `<resource>:write` scopes; write does not imply read. */
export const SCOPED_RESOURCES = ['leads', 'contacts', 'accounts', 'opportunities', 'tasks', 'audit'] as const;
export type ScopedResource = (typeof SCOPED_RESOURCES)[number];

export const ALL_SCOPES: readonly string[] = SCOPED_RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`]);

const SALES_RESOURCES: ScopedResource[] = ['leads', 'contacts', 'accounts', 'opportunities', 'tasks'];

/**
 * The scopes a user's access token carries: admins everything; members with sales access the sales
 * entities; members without it nothing (the entity endpoints answer them 403).
 */
export function scopesForRole(role: Role, salesAccess: boolean): string[] {
  if (role === 'admin') return [...ALL_SCOPES];
  if (salesAccess) return SALES_RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`]);
  return [];
}
