import { callerOf, parseQuery, publicUrl, type ApiOperation, type DataSource } from '@crm/platform';
import { Router } from 'express';
import { readChangePage } from './change-feed';
import { FeedCounts } from './feed-counts';
import { changeFeedQuery, changePageSchema } from './change-feed.schemas';

/** `GET /api/changes/`: the tenant's changes in commit order, each once, resumable at a cursor (architecture §4). */
export function changeFeedRoutes(dataSource: DataSource): Router {
  const router = Router();
  const counts = new FeedCounts();
  router.get('/api/changes/', async (req, res) => {
    const query = parseQuery(req, changeFeedQuery);
    const page = await readChangePage(dataSource, counts, callerOf(req), query);
    let next: string | null = null;
    if (page.full) {
      const link = publicUrl(req);
      link.searchParams.set('after', page.cursor);
      next = link.toString();
    }
    res.json({ count: page.count, next, previous: null, results: page.results, cursor: page.cursor });
  });
  return router;
}

export const changeFeedOperation: ApiOperation = {
  method: 'get',
  path: '/api/changes/',
  tag: 'Audit',
  summary: "The tenant's change feed",
  description:
    'For clients that sync incrementally: every change (one entry per event, as the audit log keeps it) exactly once, in commit order, ' +
    'each record\'s in the order it was recorded, its publish order but for changes delivered at once or redelivered (`data.version` is their true order: apply a change only when newer). Pass the answer\'s `cursor` as `after` to read on; ' +
    '`next` links the following page while pages come full, and is null once caught up: poll with `after=<cursor>` later. `count`: the changes of the `types` after `after`, this page\'s and those still to read. A change shows ' +
    'once every transaction older than it has ended (usually at once), so a page never changes and nothing appears behind a cursor. ' +
    'Admins only: with `audit:read` every type; with an entity\'s read scope (`leads:read`…) the types of that entity, named in `types`.',
  query: changeFeedQuery,
  responses: { 200: { description: 'A page of changes and the cursor to resume from.', schema: changePageSchema } },
};
