import { randomUUID } from 'node:crypto';
import { ROUTE_TABLE } from '@crm/gateway';
import { startSystem } from '@crm/system';
import { Client } from 'pg';
import { request, sleep, type Answer } from './support/http';
import { inPool, sendRaw, type RawAnswer } from './support/raw-request';
import { report, runScript } from './support/report';
import { reliabilityServers } from './support/servers';

/**
 * Reliability 6: the findings of the security reviews (issues 18 and 34, docs/security.md), probed again through
 * the gateway of a running system on the real servers. Each probe is a count of answers that would mean
 * the finding came back; every count must be 0. The bad-input script covers malformed text and file
 * names (18.8, 18.10), the end-to-end suite the paused exports (18.2).
 *
 *   npm run test:reliability -- security
 */
const SCRIPT = 'security';
const PASSWORD = 'correct horse battery';
/** Small enough to reach in a few requests, so the limits themselves are probed. */
const RATES = { anon: 20, unauthenticated: 30 };
/**
 * Hashes at a cost that takes tens of milliseconds (PASSWORD_HASH_COST), so a burst of logins finds the
 * hashing queue (PASSWORD_HASH_QUEUE) full; and the default failed-login limits (api-contract §10.6).
 */
const HASHING = { cost: 15, queue: 2 };
const FAILURES_BEFORE_DELAY = 3;
/** Other clients of the gateway, without TRUST_PROXY: connections from other loopback addresses. */
const ADDRESSES = { guesser: '127.0.0.2', owner: '127.0.0.3', burst: '127.0.0.4' };

interface Person {
  profileId: string;
  email: string;
  access: string;
  refresh: string;
}

interface Findings {
  counts: Record<string, number | string>;
  /** What went wrong, per finding: each line one answer that should not have been. */
  problems: Record<string, string[]>;
}

runScript(SCRIPT, 6 * 60_000, async () => {
  const servers = await reliabilityServers(SCRIPT, 10);
  const system = await startSystem({
    env: {
      ...process.env,
      ...servers.env,
      THROTTLE_RATES: `read=100000/hour,write=100000/hour,anon=${RATES.anon}/minute,unauthenticated=${RATES.unauthenticated}/minute`,
      PASSWORD_HASH_COST: String(HASHING.cost),
      PASSWORD_HASH_QUEUE: String(HASHING.queue),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    },
    ports: 'any',
  });
  const db = new Client({ connectionString: servers.databaseUrl });
  await db.connect();
  let findings: Findings;
  try {
    findings = await probe(system.gatewayUrl, system.gatewayMetricsUrl, db);
  } finally {
    await db.end();
    await system.stop();
    await servers.close();
  }
  for (const [finding, lines] of Object.entries(findings.problems)) for (const line of lines.slice(0, 10)) console.log(`  ${finding}: ${line}`);
  report(
    SCRIPT,
    findings.counts,
    Object.entries(findings.problems).map(([what, lines]) => ({ what, value: lines.length })),
  );
});

async function probe(gateway: string, metricsUrl: string, db: Client): Promise<Findings> {
  const admin = await register(gateway, 'Security');
  const seller = await addMember(gateway, admin, 'member', true);
  const problems: Record<string, string[]> = {};
  const counts: Record<string, number | string> = {};
  const found = (finding: string, line?: string) => {
    problems[finding] ??= [];
    if (line !== undefined) problems[finding]!.push(line);
  };

  // 18.1 Paths are canonical: every route-table path spelled in upper case or without its slash is
  // refused before a handler or a bucket, with a valid token.
  const spellings = ROUTE_TABLE.flatMap((route) => {
    const path = route.path.replaceAll(/:\w+/g, randomUUID());
    return route.methods.flatMap((method) => [path.toUpperCase().replace('/API/', '/api/'), path.slice(0, -1)].map((spelled) => ({ method, path: spelled })));
  });
  const before = await writeRemaining(gateway, admin.access);
  await inPool(spellings, 8, async ({ method, path }) => {
    const answer = await request(gateway, method, path, { token: admin.access, body: ['GET', 'HEAD', 'DELETE'].includes(method) ? undefined : {} });
    if (answer.status !== 404) found('non-canonical paths answered other than 404 (18.1)', `${method} ${path}: ${answer.status}`);
  });
  found('non-canonical paths answered other than 404 (18.1)');
  const after = await writeRemaining(gateway, admin.access);
  // The second probe is the one write counted since the first; any other is a spelling that reached the bucket.
  if (before - after !== 1) found('non-canonical paths counted in the write bucket (18.1)', `${before} → ${after}`);
  found('non-canonical paths counted in the write bucket (18.1)');
  counts['non-canonical spellings sent'] = spellings.length;

  // 18.5 A member names an account they may not open: as a random id; owning a record linked to it by an admin, no name.
  found('hidden accounts named or shown to a member (18.5)');
  const hidden = await request(gateway, 'POST', '/api/accounts/', { token: admin.access, body: { name: 'Hidden Account Ltd' } });
  const named = await request(gateway, 'POST', '/api/contacts/', { token: seller.access, body: { first_name: 'X', account_id: hidden.body.id } });
  const random = await request(gateway, 'POST', '/api/contacts/', { token: seller.access, body: { first_name: 'X', account_id: randomUUID() } });
  if (named.status !== 400 || named.text !== random.text) found('hidden accounts named or shown to a member (18.5)', `named: ${named.status} ${named.text.slice(0, 120)}`);
  const linked = await request(gateway, 'POST', '/api/contacts/', { token: admin.access, body: { first_name: 'Owned', owner_id: seller.profileId, account_id: hidden.body.id } });
  for (const path of [`/api/contacts/${linked.body.id}/`, '/api/contacts/']) {
    const seen = await request(gateway, 'GET', path, { token: seller.access });
    if (seen.status !== 200 || seen.text.includes('Hidden Account')) found('hidden accounts named or shown to a member (18.5)', `GET ${path}: ${seen.status}`);
  }

  // 18.6 Secrets: no private key in clear; token answers not stored by caches; logout ends the session.
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM auth.signing_keys WHERE sealed_private_jwk IS NULL OR sealed_private_jwk NOT LIKE 'aes-256-gcm$%'`);
  counts['signing keys'] = (await db.query('SELECT count(*)::int AS n FROM auth.signing_keys')).rows[0].n;
  found('signing keys stored in clear (18.6)');
  if (rows[0].n > 0) found('signing keys stored in clear (18.6)', `${rows[0].n} keys`);
  const session = await login(gateway, seller.email);
  found('token answers without Cache-Control: no-store (18.6)');
  if (session.headers.get('cache-control') !== 'no-store') found('token answers without Cache-Control: no-store (18.6)', `login: ${session.headers.get('cache-control')}`);
  const logout = await request(gateway, 'POST', '/api/auth/logout/', { body: { refresh: session.body.refresh } });
  const afterLogout = await request(gateway, 'POST', '/api/auth/refresh-token/', { body: { refresh: session.body.refresh } });
  found('refresh tokens still working after logout (18.6)');
  if (logout.status !== 204 || afterLogout.status !== 401) found('refresh tokens still working after logout (18.6)', `logout ${logout.status}, refresh after ${afterLogout.status}`);

  // 18.7 /metrics only on its own port.
  const apiMetrics = await request(gateway, 'GET', '/metrics');
  const ownMetrics = await fetch(`${metricsUrl}/metrics`);
  found('/metrics answered on the API port (18.7)');
  if (apiMetrics.status !== 404 || ownMetrics.status !== 200) found('/metrics answered on the API port (18.7)', `API port ${apiMetrics.status}, metrics port ${ownMetrics.status}`);

  // 18.9 A demotion reaches every credential of the member within a second.
  const demoted = await addMember(gateway, admin, 'admin', true);
  const token = await request(gateway, 'POST', '/api/auth/api-tokens/', { token: demoted.access, body: { name: 'probe', scopes: ['audit:read'] } });
  const warmed = await Promise.all([demoted.access, token.body.token as string].map((credential) => request(gateway, 'GET', '/api/audit-logs/', { token: credential })));
  const demotion = await request(gateway, 'PATCH', `/api/auth/users/${demoted.profileId}/`, { token: admin.access, body: { role: 'member', sales_access: false } });
  await sleep(1_000);
  const [oldAccess, apiToken] = await Promise.all([demoted.access, token.body.token as string].map((credential) => request(gateway, 'GET', '/api/audit-logs/', { token: credential })));
  found('credentials keeping a removed role a second after the change (18.9)');
  if (warmed.some((answer) => answer.status !== 200) || demotion.status !== 200 || oldAccess!.status !== 401 || apiToken!.status !== 403) {
    found('credentials keeping a removed role a second after the change (18.9)', `before ${warmed.map(statusOf)}, demotion ${demotion.status}, after: access token ${oldAccess!.status}, API token ${apiToken!.status}`);
  }
  // 34.1 A deactivated member: every credential refused from the next request, login says account_disabled.
  const leaving = await addMember(gateway, admin, 'member', true);
  const leavingToken = await request(gateway, 'POST', '/api/auth/api-tokens/', { token: leaving.access, body: { name: 'probe', scopes: ['leads:read'] } });
  await Promise.all([leaving.access, leavingToken.body.token as string].map((credential) => request(gateway, 'GET', '/api/leads/', { token: credential })));
  const deactivation = await request(gateway, 'POST', `/api/auth/users/${leaving.profileId}/deactivate/`, { token: admin.access, body: {} });
  const afterDeactivation = {
    access: (await request(gateway, 'GET', '/api/leads/', { token: leaving.access })).status,
    apiToken: (await request(gateway, 'GET', '/api/leads/', { token: leavingToken.body.token })).status,
    refresh: (await request(gateway, 'POST', '/api/auth/refresh-token/', { body: { refresh: leaving.refresh } })).status,
    login: (await request(gateway, 'POST', '/api/auth/login/', { body: { email: leaving.email, password: PASSWORD } })).body?.code,
  };
  found('credentials of a deactivated member still working (34.1)');
  if (deactivation.status !== 200 || Object.values(afterDeactivation).some((answer) => answer !== 401 && answer !== 'account_disabled')) {
    found('credentials of a deactivated member still working (34.1)', `deactivation ${deactivation.status}, then ${JSON.stringify(afterDeactivation)}`);
  }
  // 34.5 Logout ends the session's access token, not only its refresh token.
  const loggedOut = await login(gateway, seller.email);
  await request(gateway, 'GET', '/api/leads/', { token: loggedOut.body.access });
  await request(gateway, 'POST', '/api/auth/logout/', { body: { refresh: loggedOut.body.refresh } });
  const accessAfterLogout = await request(gateway, 'GET', '/api/leads/', { token: loggedOut.body.access });
  found('access tokens still working after logout (34.5)');
  if (accessAfterLogout.status !== 401) found('access tokens still working after logout (34.5)', `access token after logout: ${accessAfterLogout.status}`);

  // 34.6 One address guessing at an account is slowed and refused; the owner, from another address, logs in.
  found('owner locked out by another address guessing at the account (34.6)');
  found('an address guessing at an account not slowed (34.6)');
  const passwordGuesses = [];
  for (let i = 0; i < RATES.anon - 5; i += 1) passwordGuesses.push(await loginFrom(gateway, ADDRESSES.guesser, admin.email, `wrong guess ${i}`));
  const guesserRight = await loginFrom(gateway, ADDRESSES.guesser, admin.email, PASSWORD);
  const ownerElsewhere = await loginFrom(gateway, ADDRESSES.owner, admin.email, PASSWORD);
  const checked = passwordGuesses.filter((answer) => answer.status === 401).length;
  counts['guesses at one account from one address: checked / refused'] = `${checked} / ${passwordGuesses.filter((answer) => answer.status === 429).length}`;
  if (checked > FAILURES_BEFORE_DELAY || guesserRight.status !== 429) {
    found('an address guessing at an account not slowed (34.6)', `${checked} guesses checked, then the right password ${guesserRight.status}`);
  }
  if (ownerElsewhere.status !== 200) found('owner locked out by another address guessing at the account (34.6)', `owner from another address: ${ownerElsewhere.status}`);

  // 34.6 The hashing queue: a burst of logins past two hashes and the queue is refused at once (503, Retry-After).
  found('logins past the hashing queue not refused at once (34.6)');
  const started = performance.now();
  const burst = await Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const answer = await loginFrom(gateway, ADDRESSES.burst, `burst-${i}-${randomUUID().slice(0, 8)}@security.test`, 'wrong guess');
      return { answer, ms: performance.now() - started };
    }),
  );
  const unavailable = burst.filter(({ answer }) => answer.status === 503);
  const hashed = burst.filter(({ answer }) => answer.status === 401);
  counts['logins at once: hashed / refused 503'] = `${hashed.length} / ${unavailable.length}`;
  counts['ms to answer: slowest 503 / slowest hashed'] = `${Math.round(Math.max(0, ...unavailable.map(({ ms }) => ms)))} / ${Math.round(Math.max(0, ...hashed.map(({ ms }) => ms)))}`;
  if (unavailable.length === 0 || hashed.length > 2 + HASHING.queue + 2 || unavailable.length + hashed.length !== burst.length) {
    found('logins past the hashing queue not refused at once (34.6)', burst.map(({ answer }) => answer.status).join(','));
  }
  for (const { answer } of unavailable) {
    if (answer.headers['retry-after'] !== '1') found('logins past the hashing queue not refused at once (34.6)', `503 with Retry-After ${answer.headers['retry-after']}`);
  }
  if (Math.max(...unavailable.map(({ ms }) => ms)) >= Math.max(...hashed.map(({ ms }) => ms))) {
    found('logins past the hashing queue not refused at once (34.6)', `a 503 came after the last hashed login: ${counts['ms to answer: slowest 503 / slowest hashed']} ms`);
  }

  // Last: these use up the address's anon and unauthenticated buckets, after which its requests are refused.
  // 18.4 Without TRUST_PROXY a client cannot pick another address's bucket with X-Forwarded-For.
  found('logins past the anon limit with a new X-Forwarded-For each not refused (18.4)');
  const logins = [];
  // Each at a made-up e-mail of its own: only the anon bucket (not the failed logins of an address and e-mail) may refuse.
  for (let i = 0; i < RATES.anon + 5; i += 1) {
    const email = `nobody-${i}-${randomUUID().slice(0, 8)}@security.test`;
    logins.push(await request(gateway, 'POST', '/api/auth/login/', { body: { email, password: 'wrong guess' }, headers: { 'X-Forwarded-For': `198.51.100.${i}` } }));
  }
  if (!logins.slice(RATES.anon).every((answer) => answer.status === 429)) {
    found('logins past the anon limit with a new X-Forwarded-For each not refused (18.4)', logins.slice(RATES.anon).map((answer) => answer.status).join(','));
  }

  // 18.3 Unknown API tokens from one address: past `unauthenticated`, 429 before any lookup.
  // One at a time, as one client guessing: the 401s (the one of 18.9 included) may not pass the limit.
  const guesses: Answer[] = [];
  for (let i = 0; i < RATES.unauthenticated + 10; i += 1) {
    guesses.push(await request(gateway, 'GET', '/api/leads/', { token: `crm_pat_${randomUUID().replaceAll('-', '')}` }));
  }
  const unknown = guesses.filter((answer) => answer.status === 401).length;
  const refused = guesses.filter((answer) => answer.status === 429).length;
  counts['made-up API tokens: 401 / 429'] = `${unknown} / ${refused}`;
  found('made-up API tokens beyond the per-address limit not refused (18.3)');
  if (unknown > RATES.unauthenticated || refused < 10) found('made-up API tokens beyond the per-address limit not refused (18.3)', `${unknown} answered 401, ${refused} refused`);
  const other = guesses.find((answer) => answer.status !== 401 && answer.status !== 429);
  if (other) found('made-up API tokens beyond the per-address limit not refused (18.3)', `answered ${other.status}`);

  return { counts, problems };
}

const statusOf = (answer: Answer) => answer.status;

/** What is left of the caller's write bucket after one write (refused as invalid, but counted), from its `RateLimit` header. */
async function writeRemaining(gateway: string, token: string): Promise<number> {
  const answer = await request(gateway, 'POST', '/api/auth/api-tokens/', { token, body: { name: '' } });
  const remaining = /\br=(\d+)|remaining=(\d+)/.exec(answer.headers.get('ratelimit') ?? '');
  if (!remaining) throw new Error(`no RateLimit header on a write: ${answer.status} ${answer.headers.get('ratelimit')}`);
  return Number(remaining[1] ?? remaining[2]);
}

async function register(gateway: string, orgName: string): Promise<Person> {
  const email = `admin-${randomUUID().slice(0, 8)}@security.test`;
  const answer = await request(gateway, 'POST', '/api/auth/register/', { body: { org_name: orgName, email, password: PASSWORD } });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${answer.text}`);
  return { profileId: answer.body.profile.id, email, access: answer.body.access, refresh: answer.body.refresh };
}

async function addMember(gateway: string, admin: Person, role: 'admin' | 'member', salesAccess: boolean): Promise<Person> {
  const email = `${role}-${randomUUID().slice(0, 8)}@security.test`;
  const added = await request(gateway, 'POST', '/api/auth/users/', { token: admin.access, body: { email, password: PASSWORD, role, sales_access: salesAccess } });
  if (added.status !== 201) throw new Error(`add member: ${added.status} ${added.text}`);
  const session = await login(gateway, email);
  return { profileId: added.body.id, email, access: session.body.access, refresh: session.body.refresh };
}

/** A login from another client of the gateway: a connection from `localAddress`. */
function loginFrom(gateway: string, localAddress: string, email: string, password: string): Promise<RawAnswer> {
  const body = JSON.stringify({ email, password });
  return sendRaw(gateway, { method: 'POST', path: '/api/auth/login/', headers: { 'content-type': 'application/json' }, body, localAddress });
}

async function login(gateway: string, email: string): Promise<Answer> {
  const answer = await request(gateway, 'POST', '/api/auth/login/', { body: { email, password: PASSWORD } });
  if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.text}`);
  return answer;
}
