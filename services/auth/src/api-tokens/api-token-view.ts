import { idSchema, timestampSchema } from '@crm/records';
import { z } from 'zod';
import type { ApiToken } from './api-tokens.repository';

/** An API token as listed: never its secret (the schema documents the answers). */
export const apiTokenViewSchema = z.strictObject({ id: idSchema, name: z.string(), scopes: z.array(z.string()), created_at: timestampSchema });
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>;

/** The token as created: its view and, this once, its secret. */
export const createdApiTokenSchema = apiTokenViewSchema.extend({ token: z.string().regex(/^crm_pat_/) });

export const apiTokenView = (token: ApiToken): ApiTokenView => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  created_at: token.createdAt.toISOString(),
});
