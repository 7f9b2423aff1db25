import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createLead } from '../support/leads';
import type { TestSystem } from '../support/system';
import { eventually, type TenantAdmin } from '../support/tenants';
import { startWithTenant } from '../support/suite';

/**
 * The bytes uploads hold at once (UPLOAD_BYTES_IN_FLIGHT per service process, UPLOAD_BYTES_PER_CREDENTIAL):
 * an upload reserves its Content-Length, or the route's largest file when chunked, before it is read, and
 * gives it back when its answer ends. One that does not fit: 429 `{detail, retry_after}` with
 * `Retry-After`, nothing stored. Here one credential may hold one chunked attachment (10 MiB + 1 byte),
 * and a process 16 MiB.
 */
const MIB = 1024 * 1024;
const PER_CREDENTIAL = 10 * MIB + 1;
const IN_FLIGHT = 16 * MIB;
const THROTTLED = { detail: 'Request was throttled. Expected available in 1 second.', retry_after: 1 };

let system: TestSystem, admin: TenantAdmin, lead: { id: string }, tokens: string[];

beforeAll(async () => {
  ({ system, admin } = await startWithTenant({ settings: { UPLOAD_BYTES_IN_FLIGHT: String(IN_FLIGHT), UPLOAD_BYTES_PER_CREDENTIAL: String(PER_CREDENTIAL) } }));
  lead = await createLead(system.api, admin.access, { first_name: 'Uploaded' });
  // The admin's API tokens: credentials of their own, apart from the admin's access tokens.
  tokens = [];
  for (const name of ['first', 'second']) {
    const created = await system.api.post('/api/auth/api-tokens/', { name, scopes: ['leads:read', 'leads:write'] }, { token: admin.access });
    tokens.push(created.body.token);
  }
});
afterAll(() => system.stop());

const attachments = () => `/api/leads/${lead.id}/attachments/`;

function attach(token: string, bytes: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), `${bytes}.bin`);
  return system.api.post(attachments(), undefined, { token, rawBody: form });
}

async function storedAttachments(): Promise<number> {
  const [row] = await system.services.leads!.dataSource.query('SELECT count(*)::int AS n FROM attachments WHERE record_id = $1', [lead.id]);
  return row.n;
}

/** A body of unknown length (chunked): it reserves the route's largest file. */
function chunked(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

/**
 * Reserves like an upload of unknown length, then is refused for not being multipart (400): it stores
 * nothing either way, so it can ask, again and again, whether the caller's bytes are all taken (429).
 */
async function reservationRefused(path: string, token: string): Promise<true | undefined> {
  const res = await fetch(`${system.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    body: chunked('x'),
    duplex: 'half',
  } as RequestInit);
  await res.arrayBuffer();
  return res.status === 429 ? true : undefined;
}

interface HeldUpload {
  /** Sends the rest of the file and the closing boundary; resolves with the answer. */
  finish(rest: string): Promise<{ status: number; body: any }>;
  /** The client goes away in the middle of its body. */
  drop(): void;
}

/** An upload of unknown length (chunked) whose file is sent in part, then held until finished or dropped. */
async function heldUpload(path: string, token: string, filename: string, start: string): Promise<HeldUpload> {
  const boundary = `held-${randomUUID()}`;
  const req = http.request(new URL(path, system.gatewayUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', async (res) => {
      let text = '';
      for await (const chunk of res) text += chunk;
      resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined });
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined); // a dropped upload gets no answer
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${start}`);
  // Held once its bytes are reserved: from then on the caller has no room left. The first probe waits a
  // moment, so that it cannot take the room before the held upload reaches its route.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await eventually(() => reservationRefused(path, token), 10_000, 'the held upload to reserve its bytes');
  return {
    finish: (rest) => {
      req.end(`${rest}\r\n--${boundary}--\r\n`);
      return answer;
    },
    drop: () => req.destroy(),
  };
}

describe('upload bytes in flight', () => {
  it('when a credential’s uploads hold its share, then its next upload is 429 with Retry-After and nothing is stored; once answered, the bytes are free again', async () => {
    const before = await storedAttachments();
    const held = await heldUpload(attachments(), admin.access, 'held.bin', 'first part');

    const refused = await attach(admin.access, 1024);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual(THROTTLED);
    expect(await storedAttachments()).toBe(before);

    expect((await held.finish(', the rest')).status).toBe(201);
    expect((await attach(admin.access, 1024)).status).toBe(201);
    expect(await storedAttachments()).toBe(before + 2);
  });

  it('when other credentials fill the process’s bytes, then an upload of a credential holding nothing is 429 too, until they are answered', async () => {
    const held = await heldUpload(attachments(), admin.access, 'held.bin', 'first part');
    // 10 MiB + 1 held: 5 MiB more fit in the process's 16 MiB, 6 MiB do not.
    expect((await attach(tokens[0]!, 5 * MIB)).status).toBe(201);
    const before = await storedAttachments();
    const refused = await attach(tokens[1]!, 6 * MIB);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(THROTTLED);
    expect(await storedAttachments()).toBe(before);

    expect((await held.finish(', the rest')).status).toBe(201);
    expect((await attach(tokens[1]!, 6 * MIB)).status).toBe(201);
  });

  it('when an import is refused for want of room, then nothing is imported; when the client holding the room goes away, the import goes through', async () => {
    const commit = () =>
      fetch(`${system.gatewayUrl}/api/leads/import/commit/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'multipart/form-data; boundary=b' },
        body: chunked('--b\r\nContent-Disposition: form-data; name="file"; filename="in.csv"\r\nContent-Type: text/csv\r\n\r\nfirst_name\r\nRoomless\r\n\r\n--b--\r\n'),
        duplex: 'half',
      } as RequestInit).then(async (res) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }));
    const imported = async () => {
      const [row] = await system.services.leads!.dataSource.query(`SELECT count(*)::int AS n FROM leads WHERE first_name = 'Roomless'`);
      return row.n as number;
    };

    // Two imports of unknown length reserve 2 × (5 MiB + 1): more than one credential's share.
    const held = await heldUpload('/api/leads/import/preview/', tokens[0]!, 'held.csv', 'first_name\r\n');
    const refused = await commit();
    expect(refused).toEqual({ status: 429, retryAfter: '1', body: THROTTLED });
    expect(await imported()).toBe(0);

    held.drop();
    const accepted = await eventually(async () => {
      const answer = await commit();
      return answer.status === 429 ? undefined : answer;
    }, 10_000, 'the dropped upload to give its bytes back');
    expect(accepted.status).toBe(201);
    expect(await imported()).toBe(1);
  });
});
