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
  /** The session: absent in tokens issued before sessions were named in them. */
  sid: z.string().min(1).optional(),
  /** The issue in milliseconds (`iat` counts whole seconds). */
  iat_ms: z.number().optional(),
});

/** What auth's `POST /internal/access-tokens/check` answers. */
export const accessTokenCheckedSchema = z.object({ current: z.boolean() });

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
  /** When the token ends: it is cached no longer. Absent from an auth of before expiring tokens. */
  expires_at: z.iso.datetime().optional(),
});
