import { idSchema, timestampSchema } from '@crm/records';
import { z } from 'zod';
import type { ApiToken } from './api-tokens.repository';

/** An API token as listed: never its secret (the schema documents the answers). */
export const apiTokenViewSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  scopes: z.array(z.string()),
  /** Whose token it is: the admins' listing shows any member's. */
  owner: idSchema,
  created_at: timestampSchema,
  expires_at: timestampSchema,
  /** The last request it authenticated, to within API_TOKEN_CACHE_SECONDS plus a minute; null: never used. */
  last_used_at: timestampSchema.nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>;

/** The token as created: its view and, this once, its secret. */
export const createdApiTokenSchema = apiTokenViewSchema.extend({ token: z.string().regex(/^crm_pat_/) });

export const apiTokenView = (token: ApiToken): ApiTokenView => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  owner: token.profileId,
  created_at: token.createdAt.toISOString(),
  expires_at: token.expiresAt.toISOString(),
  last_used_at: token.lastUsedAt?.toISOString() ?? null,
});
