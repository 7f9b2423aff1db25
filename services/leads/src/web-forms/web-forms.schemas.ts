import { nonBlankText, paginationQuery, readOnlyFields, tagsField, uuidParam } from '@crm/platform';
import { z } from 'zod';

const NAME_MAX = 255;
const URL_MAX = 2048;
const MAX_ORIGINS = 50;

const NOT_AN_ORIGIN = 'Enter an origin such as https://www.example.com (a scheme, a host and an optional port; no path).';
const NOT_A_URL = 'Enter an absolute http or https address.';

/** `https://www.example.com`, as a browser sends it in `Origin`: lower-case scheme and host, no default port, nothing after. */
const originField = z.string(NOT_AN_ORIGIN).transform((text, ctx) => {
  const origin = asOrigin(text.trim());
  if (origin === undefined) {
    ctx.addIssue({ code: 'custom', message: NOT_AN_ORIGIN });
    return z.NEVER;
  }
  return origin;
});

/** The origin `text` spells exactly (up to case and a default port), or undefined. */
function asOrigin(text: string): string | undefined {
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.username === '' && url.password === '' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const redirectUrlField = z
  .string(NOT_A_URL)
  .trim()
  .max(URL_MAX, `Ensure this field has no more than ${URL_MAX} characters.`)
  .nullable()
  .transform((text, ctx) => {
    if (text === null || text === '') return null;
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') {
      ctx.addIssue({ code: 'custom', message: NOT_A_URL });
      return z.NEVER;
    }
    return url.href;
  });

const writableFormFields = {
  name: nonBlankText(NAME_MAX),
  is_active: z.boolean('Must be true or false.'),
  allowed_origins: z
    .array(originField, 'A list of origins is required.')
    .max(MAX_ORIGINS, `Ensure there are no more than ${MAX_ORIGINS} origins.`)
    .transform((origins) => [...new Set(origins)]),
  assigned_to_id: uuidParam,
  tags: tagsField,
  redirect_url: redirectUrlField,
};

/** What the server sets: in a body, 400 on that field. */
const SERVER_FIELDS = readOnlyFields(['id', 'public_key', 'assigned_to', 'created_at', 'updated_at', 'submission_count', 'version'] as const);

type Writable = typeof writableFormFields;
export type WebFormInput = { [K in keyof Writable]?: z.output<Writable[K]> };

/** `POST /api/web-forms/`: a name, the rest optional (active, any origin, owned by the admin, no tags, no redirect). */
export const createWebFormBody = z.strictObject({
  ...writableFormFields,
  is_active: writableFormFields.is_active.optional(),
  allowed_origins: writableFormFields.allowed_origins.optional(),
  assigned_to_id: writableFormFields.assigned_to_id.optional(),
  tags: writableFormFields.tags.optional(),
  redirect_url: writableFormFields.redirect_url.optional(),
  ...SERVER_FIELDS,
}) as unknown as z.ZodType<WebFormInput & { name: string }>;

/** `PATCH /api/web-forms/<id>/`: the fields present change. */
export const changeWebFormBody = z.strictObject({
  ...Object.fromEntries(Object.entries(writableFormFields).map(([key, schema]) => [key, schema.optional()])),
  ...SERVER_FIELDS,
}) as unknown as z.ZodType<WebFormInput>;

export const listWebFormsQuery = z.strictObject({ ...paginationQuery });
