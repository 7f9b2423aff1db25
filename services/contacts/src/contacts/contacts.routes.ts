import { callerOf, idParam, recordOperations, type ApiOperation, pageEnvelope, pageRequest, parseBody, parseQuery, requireSalesAccess, splitCustomFieldParams } from '@crm/shared';
import { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { removeContact } from './delete-contact';
import { openContact } from './contact-access';
import { contactBody, contactListQuery } from './contacts.schemas';
import { findContacts, getContact } from './read-contacts';
import { changeContact, createContact } from './write-contact';

/** `/api/contacts/` and `/api/contacts/<id>/`. A hidden contact answers 404 before its body is even read. */
export function contactsRoutes(deps: ContactsDeps): Router {
  const router = Router();
  const db = deps.dataSource.manager;

  router.get('/api/contacts/', async (req, res) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    const { rest, custom } = splitCustomFieldParams(req.query as Record<string, unknown>);
    const query = parseQuery({ query: rest }, contactListQuery);
    const page = pageRequest(query);
    const { count, results } = await findContacts(deps, caller, query, custom, page);
    res.json(pageEnvelope(req, page, count, results));
  });

  router.post('/api/contacts/', async (req, res) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    res.status(201).json(await createContact(deps, caller, parseBody(req, contactBody)));
  });

  router.get('/api/contacts/:id/', async (req, res) => {
    res.json(await getContact(deps, callerOf(req), idParam(req.params.id)));
  });

  for (const [method, mode] of [
    ['put', 'replace'],
    ['patch', 'patch'],
  ] as const) {
    router[method]('/api/contacts/:id/', async (req, res) => {
      const caller = callerOf(req);
      const id = idParam(req.params.id);
      await openContact(db, caller, id);
      res.json(await changeContact(deps, caller, id, mode, parseBody(req, contactBody)));
    });
  }

  router.delete('/api/contacts/:id/', async (req, res) => {
    await removeContact(deps, callerOf(req), idParam(req.params.id));
    res.status(204).end();
  });
  return router;
}

export const contactOperations: ApiOperation[] = recordOperations({
  tag: 'Contacts',
  basePath: '/api/contacts/',
  noun: 'contact',
  body: contactBody,
  listQuery: contactListQuery,
  listDescription: '`search` matches name, e-mail and phone; `tags` takes comma-separated tags (any of them).',
});
