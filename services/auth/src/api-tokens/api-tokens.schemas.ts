import { nonBlankText, paginationQuery, requiredOr, uuidParam } from '@crm/platform';
import { ALL_SCOPES } from '../common/scopes';
import { z } from 'zod';

export const listApiTokensQuery = z.strictObject({
  ...paginationQuery,
  /** Admins: another member's tokens (a profile id of the tenant). */
  owner: uuidParam.optional(),
});
export type ListApiTokensQuery = z.infer<typeof listApiTokensQuery>;

export const createApiTokenBody = z.strictObject({
  name: nonBlankText(100),
  scopes: z
    .array(z.string('Each scope must be a string.'), requiredOr('Must be a list of scopes.'))
    .min(1, 'At least one scope is required.')
    .max(ALL_SCOPES.length * 2, 'Too many scopes.')
    .superRefine((scopes, ctx) => {
      const unknown = scopes.filter((scope) => !ALL_SCOPES.includes(scope));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `Unknown scope: ${unknown.join(', ')}.` });
    })
    // Each scope once, in the canonical order.
    .transform((scopes) => ALL_SCOPES.filter((scope) => scopes.includes(scope))),
  /** When the token stops working; default and latest: API_TOKEN_MAX_AGE from now (checked by the domain). */
  expires_at: z.iso.datetime({ offset: true, error: 'Enter an ISO 8601 date-time with a zone.' }).optional(),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenBody>;

export const resolveApiTokenBody = z.strictObject({
  token: nonBlankText(512, { trim: false }),
});
