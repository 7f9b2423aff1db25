import { callerOf, idParam, NotFoundError, pageEnvelope, pageRequest, paginationQuery, parseQuery, readListPage, takeUploadKey, type ApiOperation } from '@crm/platform';
import { idSchema, openRecord, pageSchema, timestampSchema } from '@crm/records';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { LeadsDeps } from '../leads-deps';
import { LEADS } from '../leads/leads.repository';
import { redirectOnAllowedOrigin } from '../web-forms/manage-web-forms';
import { findActiveWebForm, type WebFormRow } from '../web-forms/web-forms.repository';
import { allowOrigin, answerPreflight } from './form-origins';
import { decoyReceipt, receiveSubmission } from './receive-submission';
import { filledHoneypot, readSubmission } from './submission-fields';
import { countLeadSubmissions, listLeadSubmissions, type SubmissionRow } from './submissions.repository';

export const SUBMISSIONS_PATH = '/api/public/web-forms/:publicKey/submissions/';
const LEAD_SUBMISSIONS_PATH = '/api/leads/:id/submissions/';
const PUBLIC_KEY = /^[A-Za-z0-9_-]{1,128}$/;
const publicKeyParam = { publicKey: z.string().regex(PUBLIC_KEY).describe("The form's `public_key`.") };

/** A submission as a lead lists it (the schema documents the answer). */
const submissionViewSchema = z.strictObject({
  id: idSchema,
  form: z.strictObject({ id: idSchema, name: z.string() }),
  data: z.record(z.string(), z.unknown()),
  received_at: timestampSchema,
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

const submissionView = (row: SubmissionRow): SubmissionView => ({
  id: row.id,
  form: { id: row.form_id, name: row.form_name },
  data: row.data,
  received_at: row.received_at.toISOString(),
});

const listSubmissionsQuery = z.strictObject({ ...paginationQuery });

/** What an HTML form posts (a page's `fetch` sends JSON): such a post is answered with a redirect when the form has one. */
const isBrowserFormPost = (req: Request) => req.is(['application/x-www-form-urlencoded', 'multipart/form-data']) !== false;

/**
 * `POST /api/public/web-forms/<public_key>/submissions/` (anyone; api-contract §8) with its CORS preflight,
 * and `GET /api/leads/<id>/submissions/`. An unknown or inactive key answers 404, one body for both.
 */
export function submissionRoutes(deps: LeadsDeps): Router {
  const db = deps.dataSource.manager;
  const activeForm = async (req: Request): Promise<WebFormRow> => {
    const key = req.params.publicKey;
    // Spelled as issued: a percent-encoded key is another spelling of the path (paths are canonical, api-contract §2).
    const canonical = typeof key === 'string' && PUBLIC_KEY.test(key) && req.path.includes(`/${key}/`);
    const form = canonical ? await findActiveWebForm(db, key) : undefined;
    if (!form) throw new NotFoundError();
    return form;
  };

  const router = Router();
  router.options(SUBMISSIONS_PATH, async (req, res) => {
    answerPreflight(req, res, await activeForm(req));
  });
  router.post(SUBMISSIONS_PATH, async (req, res) => {
    const form = await activeForm(req);
    allowOrigin(req, res, form);
    const body = req.body as Record<string, unknown>;
    // A multipart body's key is taken on its fields (another boundary on a retry is the same request).
    await takeUploadKey(res, [Buffer.from(JSON.stringify(body))]);
    const receipt = filledHoneypot(body) ? decoyReceipt(deps.clock()) : await receiveSubmission(deps, form, readSubmission(body));
    // Checked again here: a redirect off the form's origins is never followed, whatever is stored.
    if (form.redirect_url !== null && redirectOnAllowedOrigin(form.redirect_url, form.allowed_origins) && isBrowserFormPost(req)) res.redirect(303, form.redirect_url);
    else res.status(201).json(receipt);
  });

  router.get(LEAD_SUBMISSIONS_PATH, async (req, res) => {
    const caller = callerOf(req);
    const leadId = idParam(req.params.id);
    await openRecord(db, LEADS, caller, leadId);
    const page = pageRequest(req, parseQuery(req, listSubmissionsQuery));
    const list = await readListPage(
      deps.dataSource,
      page,
      { count: (manager) => countLeadSubmissions(manager, caller.tenantId, leadId), rows: (manager, window) => listLeadSubmissions(manager, caller.tenantId, leadId, window) },
      submissionView,
    );
    res.json(pageEnvelope(req, page, list));
  });
  return router;
}

export const submissionOperations: ApiOperation[] = [
  {
    method: 'post',
    path: SUBMISSIONS_PATH,
    tag: 'Web forms',
    summary: 'Submit a web form (no credential)',
    pathParams: publicKeyParam,
    formBody: true,
    createsNothingAddressable: true,
    description:
      'What a page on the tenant\'s site posts: JSON, `application/x-www-form-urlencoded` or `multipart/form-data` without files, at most 16 KB, ' +
      'with `first_name`, `last_name`, `email`, `phone`, `company_name`, `title`, `message` and `cf_<key>`. It creates a lead (source ' +
      '`website_form`, the form\'s owner and tags) or joins the open lead with the same e-mail; a custom field the tenant\'s definitions ' +
      'refuse stays only in the submission\'s `data`. A filled `website` field (the honeypot) is answered the same and stores nothing. To a ' +
      'form that lists origins, an `Origin` (else a `Referer`) on none of them, or neither header: 403. A form post (not JSON) to a form ' +
      'with a `redirect_url`: 303 to it. Limited per client address (`anon`), per form (`FORM_RATE`) and per address at a form (a quarter ' +
      'of `FORM_RATE`, `form_per_address`).',
    body: z.object({
      first_name: z.string().nullable().optional(),
      last_name: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      phone: z.string().nullable().optional(),
      company_name: z.string().nullable().optional(),
      title: z.string().nullable().optional(),
      message: z.string().nullable().optional(),
      website: z.string().nullable().optional().describe('The honeypot: leave it out, or empty.'),
    }).catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])).describe('`cf_<key>` for custom fields.'),
    responses: {
      201: { description: 'Received: `{id, received_at}`.', schema: z.object({ id: z.uuid(), received_at: z.string() }) },
      303: { description: "A browser form post to a form with a `redirect_url`: go there.", content: 'none' },
      403: "The form lists origins and this request comes from none of them (by `Origin`, else `Referer`; neither sent counts as none): `{detail}`.",
      404: 'No active form has this key (unknown, inactive or deleted: one body): `{detail}`.',
      413: 'Over 16 KB: `{detail}`.',
    },
  },
  {
    method: 'options',
    path: SUBMISSIONS_PATH,
    tag: 'Web forms',
    summary: "A browser's CORS preflight of a submission (no credential)",
    pathParams: publicKeyParam,
    description: 'Answered for an origin the form lists (or any, when it lists none): `POST` with `Content-Type` and `Idempotency-Key`, no credentials. Counted per client address only.',
    responses: {
      204: { description: 'The page may post: `Access-Control-Allow-Origin`, `-Methods`, `-Headers`, `-Max-Age`.', content: 'none' },
      403: "The form does not take submissions from this page's origin: `{detail}`.",
    },
  },
  {
    method: 'get',
    path: LEAD_SUBMISSIONS_PATH,
    tag: 'Leads',
    summary: "List a lead's web form submissions, newest first",
    description: 'Those it was created by or joined, and those of the leads merged into it.',
    query: listSubmissionsQuery,
    responses: { 200: { description: 'A page of `{id, form {id, name}, data, received_at}`.', schema: pageSchema(submissionViewSchema) } },
  },
];
