import { z } from 'zod';

/** The claims of a user access token that become the Caller (see DESIGN §2). */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  tid: z.string().min(1),
  pid: z.string().min(1),
  role: z.enum(['admin', 'member']),
  sales: z.boolean(),
  scope: z.string(),
  jti: z.string().min(1),
  exp: z.number(),
});

/** What auth's `POST /internal/api-tokens/resolve` answers for a live API token. */
export const resolvedApiTokenSchema = z.object({
  caller: z.object({
    userId: z.string().min(1),
    tenantId: z.string().min(1),
    profileId: z.string().min(1),
    role: z.enum(['admin', 'member']),
    salesAccess: z.boolean(),
    scopes: z.array(z.string()),
    credential: z.object({ kind: z.literal('api_token'), id: z.string().min(1) }),
  }),
});
