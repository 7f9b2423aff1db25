import { idParam, parseBody, type ApiOperation } from '@crm/platform';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { adminCaller } from '../users/require-admin';
import { reassignmentStatus, requestReassignment } from './reassignment.process';
import { reassignmentViewSchema } from './reassignment-view';
import { reassignBody } from './reassignment.schemas';

/** Reassigning a member's records, and its status; admins only (checked before the request is parsed). */
export function reassignmentRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/api/auth/users/:profileId/reassign/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    const profileId = idParam(req.params.profileId);
    const body = parseBody(req, reassignBody);
    // Set before the write, as a create's 201 is: a keyed repeat after a crash between commit and answer gets it.
    res.status(202);
    const reassignment = await requestReassignment(deps, admin, profileId, body);
    res.location(statusPath(reassignment.id)).json(reassignment);
  });
  router.get('/api/auth/reassignments/:reassignmentId/', async (req, res) => {
    const admin = await adminCaller(deps.dataSource, req);
    res.json(await reassignmentStatus(deps, admin, idParam(req.params.reassignmentId)));
  });
  return router;
}

const statusPath = (id: string) => `/api/auth/reassignments/${id}/`;

const ADMINS = 'Admins only, with a user access token.';

export const reassignmentOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/auth/users/:profileId/reassign/',
    tag: 'Auth',
    summary: "Reassign a member's records to another",
    description:
      `${ADMINS} Every lead, contact, account, opportunity and task owned by or assigned to the member in the path goes to \`to\` (an active ` +
      'member of the tenant, not the same one: else 400 on `to`), each a change as a PATCH of its owner would be (a new `version` and ' +
      '`updated_at`, an `*.updated` event). The services move them in the background: poll the status resource in `Location` until `completed`.',
    body: reassignBody,
    responses: { 202: { description: 'Accepted: its status, `pending`; `Location` is the status resource (`/api/auth/reassignments/<id>/`).', schema: reassignmentViewSchema } },
  },
  {
    method: 'get',
    path: '/api/auth/reassignments/:reassignmentId/',
    tag: 'Auth',
    summary: 'The status of a reassignment',
    description: `${ADMINS} \`pending\` until every service owning records has moved them all, then \`completed\`; \`moved\` counts the records moved per collection as each service reports.`,
    responses: { 200: { description: 'The reassignment.', schema: reassignmentViewSchema } },
  },
];
