import { answerCreated, callerOf, idParam, inPostedCollection, NotFoundError, pageEnvelope, pageRequest, parseBody, parseQuery, type ApiOperation } from '@crm/platform';
import { pageSchema } from '@crm/records';
import { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { changeForm, createForm, getForm, listForms, removeForm, requireFormAdmin, webFormViewSchema } from './manage-web-forms';
import { findWebForm } from './web-forms.repository';
import { changeWebFormBody, createWebFormBody, listWebFormsQuery } from './web-forms.schemas';

const BASE_PATH = '/api/web-forms/';
const FORM_PATH = `${BASE_PATH}:id/`;

/** `/api/web-forms/` and `/api/web-forms/<id>/` (api-contract §8): an admin's; a form of another tenant is a random id. */
export function webFormRoutes(deps: LeadsDeps): Router {
  const router = Router();
  router.get(BASE_PATH, async (req, res) => {
    const caller = requireFormAdmin(callerOf(req));
    const page = pageRequest(req, parseQuery(req, listWebFormsQuery));
    res.json(pageEnvelope(req, page, await listForms(deps, caller, page)));
  });
  router.post(BASE_PATH, async (req, res) => {
    const caller = requireFormAdmin(callerOf(req));
    const body = parseBody(req, createWebFormBody);
    await answerCreated(res, inPostedCollection(req), () => createForm(deps, caller, body));
  });
  router.get(FORM_PATH, async (req, res) => {
    const caller = requireFormAdmin(callerOf(req));
    res.json(await getForm(deps, caller, idParam(req.params.id)));
  });
  router.patch(FORM_PATH, async (req, res) => {
    const caller = requireFormAdmin(callerOf(req));
    const id = idParam(req.params.id);
    if (!(await findWebForm(deps.dataSource.manager, caller.tenantId, id))) throw new NotFoundError(); // a 404 before its body is read
    res.json(await changeForm(deps, caller, id, parseBody(req, changeWebFormBody)));
  });
  router.delete(FORM_PATH, async (req, res) => {
    const caller = requireFormAdmin(callerOf(req));
    await removeForm(deps, caller, idParam(req.params.id));
    res.status(204).end();
  });
  return router;
}

const ADMINS = 'Admins only (members: 403).';

export const webFormOperations: ApiOperation[] = [
  { method: 'get', path: BASE_PATH, tag: 'Web forms', summary: "List the tenant's web forms, newest first", description: ADMINS, query: listWebFormsQuery, responses: { 200: { description: 'A page of web forms.', schema: pageSchema(webFormViewSchema) } } },
  {
    method: 'post',
    path: BASE_PATH,
    tag: 'Web forms',
    summary: 'Create a web form',
    description: `${ADMINS} Active, open to any origin, owned by the admin, without tags or redirect unless the body says otherwise. Its \`public_key\` goes in the page. A \`redirect_url\` must be on one of its \`allowed_origins\` (400 on \`redirect_url\` otherwise, and on a form open to any origin).`,
    body: createWebFormBody,
    responses: { 201: { description: 'The form.', schema: webFormViewSchema } },
    record: true,
  },
  { method: 'get', path: FORM_PATH, tag: 'Web forms', summary: 'Read a web form', description: ADMINS, responses: { 200: { description: 'The form.', schema: webFormViewSchema } }, record: true },
  {
    method: 'patch',
    path: FORM_PATH,
    tag: 'Web forms',
    summary: 'Change a web form',
    description: `${ADMINS} \`is_active\`: false stops its submissions (its key answers 404). The form as changed must keep its \`redirect_url\` on one of its \`allowed_origins\` (400 on \`redirect_url\`).`,
    body: changeWebFormBody,
    responses: { 200: { description: 'The form.', schema: webFormViewSchema } },
    record: true,
  },
  { method: 'delete', path: FORM_PATH, tag: 'Web forms', summary: 'Delete a web form', description: `${ADMINS} The submissions it received stay on their leads.`, responses: { 204: 'Deleted.' }, record: true },
];
