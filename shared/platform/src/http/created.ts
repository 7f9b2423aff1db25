import type { Request, Response } from 'express';

/**
 * Answers a create (api-contract §2): 201 with what `create` made, and its own URL in `Location`, which a
 * repeat of a keyed request gets again with the rest of the answer (§6). The status is set before the
 * write: a repeat after a crash that fell between the write's commit and its answer gets the status the
 * route had set by then (docs/safe-writes.md).
 */
export async function answerCreated<Created>(res: Response, locationOf: (created: Created) => string, create: () => Promise<Created>): Promise<void> {
  res.status(201);
  const created = await create();
  res.location(locationOf(created)).json(created);
}

/** Where a thing added to the collection the request posted to lives: that path and its id (`POST /api/<entity>/` → `/api/<entity>/<id>/`). */
export const inPostedCollection =
  (req: Request) =>
  (created: { id: string }): string =>
    `${req.baseUrl}${req.path}${created.id}/`;
