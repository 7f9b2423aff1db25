import { answerCreated, idParam, parseNoBody, inPostedCollection, pageEnvelope, pageRequest, parseBody, parseQuery, type ApiOperation } from '@crm/platform';
import { pageSchema } from '@crm/records';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { addMember } from './add-member';
import { listMembers } from './list-members';
import { profileViewSchema } from './profile-view';
import { adminCaller } from './require-admin';
import { deactivateMember, reactivateMember } from './member-status';
import { updateMember } from './update-member';
import { announceCredentialChange } from '../credentials/end-credentials';
import { addUserBody, listUsersQuery, updateUserBody } from './users.schemas';

/** The tenant's members; admins only (checked before the request is parsed). */
export function usersRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get('/api/auth/users/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const query = parseQuery(req, listUsersQuery);
    const page = pageRequest(req, query);
    res.json(pageEnvelope(req, page, await listMembers(deps, admin, { isActive: query.is_active }, page)));
  });
  router.post('/api/auth/users/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const body = parseBody(req, addUserBody);
    await answerCreated(res, inPostedCollection(req), async () => {
      const { member, releasedProfileIds } = await addMember(deps, admin, body);
      // The unverified holder the address was released from: their credentials ended (api-contract §10.4).
      announceCredentialChange(res, releasedProfileIds);
      return member;
    });
  });
  router.patch('/api/auth/users/:profileId/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const profileId = idParam(req.params.profileId);
    const updated = await updateMember(deps, admin, profileId, parseBody(req, updateUserBody));
    announceCredentialChange(res, [profileId]);
    res.json(updated);
  });
  router.post('/api/auth/users/:profileId/deactivate/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    parseNoBody(req);
    const deactivated = await deactivateMember(deps, admin, idParam(req.params.profileId));
    announceCredentialChange(res, [deactivated.id]);
    res.json(deactivated);
  });
  router.post('/api/auth/users/:profileId/reactivate/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    parseNoBody(req);
    res.json(await reactivateMember(deps, admin, idParam(req.params.profileId)));
  });
  return router;
}

const ADMINS = 'Admins only.';

export const userOperations: ApiOperation[] = [
  { method: 'get', path: '/api/auth/users/', tag: 'Auth', summary: "List the tenant's users", description: `${ADMINS} Deactivated members too; \`?is_active=true|false\` filters.`, query: listUsersQuery, responses: { 200: { description: 'A page of profiles.', schema: pageSchema(profileViewSchema) } } },
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
  {
    method: 'post',
    path: '/api/auth/users/:profileId/deactivate/',
    tag: 'Auth',
    summary: 'Deactivate a member',
    description: `${ADMINS} From the next request their login, sessions, access tokens and API tokens answer 401; they stay the owner of their records, visible and filterable as such. Deactivating an inactive member changes nothing. No body (or \`{}\`; anything else: 400).`,
    responses: { 200: { description: 'The profile, `is_active: false`.', schema: profileViewSchema }, 400: 'A body other than none or `{}`.', 409: 'The last active admin of the organisation.' },
  },
  {
    method: 'post',
    path: '/api/auth/users/:profileId/reactivate/',
    tag: 'Auth',
    summary: 'Reactivate a member',
    description: `${ADMINS} They may log in again; the credentials they had stay ended. No body (or \`{}\`; anything else: 400).`,
    responses: { 200: { description: 'The profile, `is_active: true`.', schema: profileViewSchema }, 400: 'A body other than none or `{}`.' },
  },
];
