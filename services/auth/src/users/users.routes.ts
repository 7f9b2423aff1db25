import { pageEnvelope, pageRequest, parseBody, parseQuery, idParam } from '@crm/shared';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { addMember } from './add-member';
import { listMembers } from './list-members';
import { adminCaller } from './require-admin';
import { updateMember } from './update-member';
import { addUserBody, listUsersQuery, updateUserBody } from './users.schemas';

/** The tenant's members; admins only (checked before the request is parsed). */
export function usersRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get('/api/auth/users/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const page = pageRequest(parseQuery(req, listUsersQuery));
    const { count, results } = await listMembers(deps, admin, page);
    res.json(pageEnvelope(req, page, count, results));
  });
  router.post('/api/auth/users/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    res.status(201).json(await addMember(deps, admin, parseBody(req, addUserBody)));
  });
  router.patch('/api/auth/users/:profileId/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const profileId = idParam(req.params.profileId);
    res.json(await updateMember(deps, admin, profileId, parseBody(req, updateUserBody)));
  });
  return router;
}
