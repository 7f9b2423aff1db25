import type { RequestHandler, Response } from 'express';
import { markDownload } from './downloads';

/**
 * Headers of every answer, the gateway's and the services', set before anything runs so that refusals and
 * 404s carry them too (docs/security.md §10.9):
 * - `X-Content-Type-Options: nosniff`: a browser takes the declared type, never guesses HTML from the bytes;
 * - `Cache-Control: no-store`: the API's answers carry people's data (records, lists, members, exports), which
 *   no browser or proxy cache may keep. An answer meant to be cached says so itself and replaces it: the
 *   gateway's API docs and their scripts, the JWKS (public keys) — those only (api-contract §2).
 */
export const answerHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * A file download (an attachment, an export) as `disposition` names it: besides the headers of every answer,
 * `Content-Security-Policy: sandbox`, so that a file opened in the browser anyway (a stored SVG or HTML whose
 * type its uploader chose) runs as a page of no origin: no script, no access to the API's origin. A stopping
 * process lets it finish (`markDownload`).
 */
export function answerAsDownload(res: Response, disposition: string): void {
  markDownload(res);
  res.setHeader('Content-Disposition', disposition);
  res.setHeader('Content-Security-Policy', 'sandbox');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}
