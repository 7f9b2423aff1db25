import { z } from 'zod';

/** The claims of a user access token that become the Caller (see architecture §2). */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  tid: z.string().min(1),
  pid: z.string().min(1),
  role: z.enum(['admin', 'member']),
  sales: z.boolean(),
  scope: z.string(),
  jti: z.string().min(1),
  exp: z.number(),
  iat: z.number().optional(),
});

/** What the gateway compares with an access token's claims in a profile answered by auth's internal lookup. */
export const lookedUpProfileSchema = z.object({
  role: z.enum(['admin', 'member']),
  sales_access: z.boolean(),
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
