import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { buffer as readWhole } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { listen, type RunningServer } from '@crm/platform';
import { signAccessToken } from './support/fake-upstreams';
import { ALL_SCOPES, bearer, startTestGateway, startUpstreams, type Upstreams } from './support/gateway-harness';

/**
 * A streamed answer goes through the gateway's compression chunk by chunk (api-contract §2): what an
 * export's service has sent reaches the client while the service is still reading its next rows, not
 * once the compressor's window fills or the file ends.
 */
const failAfter = (ms: number, what: string) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), ms).unref());

describe('compression of a streamed answer', () => {
  const HEADER_LINE = 'id,first_name\r\n';
  let upstreams: Upstreams;
  let exportService: RunningServer;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let token: string;
  /** Lets the export being answered send its last line and end. */
  let sendTheRest = () => {};

  beforeAll(async () => {
    upstreams = await startUpstreams();
    // import-export's stand-in: the header line at once, the last line only when the test says so.
    exportService = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.write(HEADER_LINE);
      sendTheRest = () => res.end('1,Ada\r\n');
    }, 0);
    gateway = await startTestGateway({ ...upstreams.env, IMPORT_EXPORT_SERVICE_URL: exportService.url });
    token = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
  });
  afterAll(async () => {
    sendTheRest(); // an answer a failed case left waiting would hold the gateway's drain
    await gateway.stop();
    await exportService.close(0);
    await upstreams.close();
  });

  it.each([
    ['gzip', () => zlib.createGunzip()],
    ['br', () => zlib.createBrotliDecompress()],
  ])('when the service sends a first chunk and waits, then a client accepting %s decodes that chunk before the service sends more', async (coding, decoder) => {
    const firstChunk = new Promise<{ csv: Readable; first: Buffer }>((resolve, reject) => {
      http
        .get(`${gateway.url}/api/leads/export/`, { headers: { ...bearer(token), 'accept-encoding': coding } }, (answer) => {
          if (answer.headers['content-encoding'] !== coding) return reject(new Error(`answered with Content-Encoding ${answer.headers['content-encoding']}`));
          const csv = answer.pipe(decoder());
          csv.once('data', (first: Buffer) => {
            csv.pause();
            resolve({ csv, first });
          });
        })
        .on('error', reject);
    });
    // Nothing at all comes (not even the status line, written with the first compressed bytes) from a gateway holding the chunk back.
    const { csv, first } = await Promise.race([firstChunk, failAfter(5_000, 'the first chunk did not come while the service waited')]);
    expect(first.toString()).toBe(HEADER_LINE);

    sendTheRest();
    expect(Buffer.concat([first, await readWhole(csv)]).toString()).toBe(`${HEADER_LINE}1,Ada\r\n`);
  });
});
