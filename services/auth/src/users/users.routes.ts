import { answerCreated, idParam, inPostedCollection, pageEnvelope, pageRequest, parseBody, parseQuery, type ApiOperation } from '@crm/platform';
import { pageSchema } from '@crm/records';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { addMember } from './add-member';
import { listMembers } from './list-members';
import { profileViewSchema } from './profile-view';
import { adminCaller } from './require-admin';
import { updateMember } from './update-member';
import { addUserBody, listUsersQuery, updateUserBody } from './users.schemas';

/** The tenant's members; admins only (checked before the request is parsed). */
export function usersRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get('/api/auth/users/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const page = pageRequest(req, parseQuery(req, listUsersQuery));
    res.json(pageEnvelope(req, page, await listMembers(deps, admin, page)));
  });
  router.post('/api/auth/users/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const body = parseBody(req, addUserBody);
    await answerCreated(res, inPostedCollection(req), () => addMember(deps, admin, body));
  });
  router.patch('/api/auth/users/:profileId/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const profileId = idParam(req.params.profileId);
    res.json(await updateMember(deps, admin, profileId, parseBody(req, updateUserBody)));
  });
  return router;
}

const ADMINS = 'Admins only.';

export const userOperations: ApiOperation[] = [
  { method: 'get', path: '/api/auth/users/', tag: 'Auth', summary: "List the tenant's users", description: ADMINS, query: listUsersQuery, responses: { 200: { description: 'A page of profiles.', schema: pageSchema(profileViewSchema) } } },
  { method: 'post', path: '/api/auth/users/', tag: 'Auth', summary: 'Add a user to the tenant', description: ADMINS, body: addUserBody, responses: { 201: { description: 'The profile.', schema: profileViewSchema }, 409: 'The e-mail is taken.' } },
  {
    method: 'patch',
    path: '/api/auth/users/:profileId/',
    tag: 'Auth',
    summary: "Change a user's role or sales access",
    description: ADMINS,
    body: updateUserBody,
    responses: { 200: { description: 'The profile.', schema: profileViewSchema } },
  },
];
