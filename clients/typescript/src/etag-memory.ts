/** How many records' ETags are kept: the oldest is forgotten past it, so a long-lived client does not grow. */
const MAX_RECORDS = 1000;
const MERGE_PATH = /\/merge\/$/;

/**
 * The last `ETag` seen for each record, by the record's URL (api-contract §6): what a PUT, PATCH or DELETE
 * of that URL names in `If-Match`, so that it changes only the version this client last saw.
 */
export class ETagMemory {
  private readonly byRecord = new Map<string, string>();

  of(recordUrl: string): string | undefined {
    return this.byRecord.get(withoutQuery(recordUrl));
  }

  /** Notes the version a successful answer shows; a deleted record is forgotten. */
  note(request: Request, response: Response): void {
    if (request.method === 'DELETE') {
      this.byRecord.delete(withoutQuery(request.url));
      return;
    }
    const etag = response.headers.get('etag');
    const recordUrl = recordUrlOf(request, response);
    if (!etag || !recordUrl) return;
    this.byRecord.delete(recordUrl);
    this.byRecord.set(recordUrl, etag);
    if (this.byRecord.size > MAX_RECORDS) this.byRecord.delete(this.byRecord.keys().next().value!);
  }
}

/**
 * The record an answer with an ETag shows: a create's is at its `Location`, a merge's is the keeper (the
 * path before `merge/`), any other's at the URL asked.
 */
function recordUrlOf(request: Request, response: Response): string | undefined {
  const location = response.headers.get('location');
  if (response.status === 201 && location) return withoutQuery(new URL(location, request.url).href);
  const url = withoutQuery(request.url);
  if (request.method !== 'POST') return url;
  return MERGE_PATH.test(url) ? url.replace(MERGE_PATH, '/') : undefined;
}

function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
}
