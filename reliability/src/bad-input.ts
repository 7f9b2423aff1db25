import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Client } from 'pg';
import { CATEGORIES, type Case, type CorpusContext } from './bad-input/cases';
import { buildCorpus } from './bad-input/corpus';
import { forgedCredentials } from './bad-input/forged-credentials';
import { request } from './support/http';
import { startInProcessSystem } from './support/in-process-system';
import { fillPath, publicOperations, type PublicOperation } from './support/public-operations';
import { countBy, inPool, sendPatiently, sendRaw, type RawAnswer, type RawRequest } from './support/raw-request';
import { report, runScript } from './support/report';
import { reliabilityServers } from './support/servers';
import { changedTables, stillChecksums } from './support/table-checksums';
import { fixtureIds, pathValues, PASSWORD, seedTenant, verifyAddresses, type TenantFixture } from './support/two-tenants';
import { previewReportsProblems, validRequest } from './support/valid-requests';

/**
 * Reliability 2: bad input. A deterministic corpus of thousands of bad requests, generated from
 * contracts/openapi.json across every public operation (malformed JSON, wrong types, huge values,
 * unknown and server-derived fields, the other tenant's ids in bodies and filters, bad path ids and query
 * parameters, bad multipart uploads and CSV files, forged, expired and wrong credentials), is sent
 * through the gateway by tenant A's admin, tenant B holding the foreign records. Before the corpus, one
 * accepted request per operation (the base each bad request is one change away from) proves the bases
 * valid. Checks: no 5xx, no bad input accepted (a 2xx where a refusal is due: each listed), no answer
 * carrying B's data, and no table of any service schema changed (count + md5 of its ordered rows).
 * The public web form (no credential; JSON, url-encoded and multipart fields) has cases of its own
 * (bad-input/public-form-cases.ts): its answers, whatever their status, may carry nothing of B, and a
 * filled honeypot may get the visitor's 201 as long as nothing is stored.
 *
 *   npm run test:reliability -- bad-input
 *
 * `BAD_INPUT_DUMP=<file>` writes every case with its answer and verdict there, one JSON line each.
 */
const LIMIT_MS = 20 * 60_000;
const CONCURRENCY = 8;

/**
 * Tables whose rows the corpus changes by design, left out of the comparison. Everything else must
 * stay as it was.
 */
const EXCLUDED_TABLES: Record<string, string> = {
  'auth.login_failures_per_address_and_account': 'failed logins are counted per client address and e-mail, against password guessing (the wrong-credential cases)',
  'auth.login_failures_per_address': 'failed logins are counted per client address, against password guessing (the wrong-credential cases)',
  'import_export.import_jobs': 'every import attempt is recorded, refused ones too (checked apart: none of the corpus created a record)',
  'auth.mail_outbox': "auth's mail worker delivers the controls' e-mail in the background (and a reset request is a queued message for any address)",
  'auth.password_reset_tokens': "made by the mail worker when it sends the controls' reset e-mail",
  'auth.email_verification_tokens': "made by the mail worker when it sends the controls' verification e-mail",
};

type Verdict = 'ok' | '5xx' | 'bad input accepted' | 'foreign data in answer' | 'no answer' | 'valid credential refused';

function verdictOf(testCase: Case, answer: RawAnswer, foreignValues: string[]): Verdict {
  if (answer.status === 0) return 'no answer';
  if (answer.status >= 500) return '5xx';
  if (testCase.authenticated && (answer.status === 401 || answer.status === 429)) return 'valid credential refused';
  if (testCase.leakCheckedOnEveryAnswer && carriesForeignData(testCase, answer, foreignValues)) return 'foreign data in answer';
  if (answer.status < 200 || answer.status >= 300) return 'ok';
  if (testCase.expect === 'refused') return 'bad input accepted';
  if (testCase.expect === 'reported') return previewReportsProblems(answer.text) ? 'ok' : 'bad input accepted';
  if (testCase.expect === 'decoy') return isDecoyReceipt(answer) ? 'ok' : 'bad input accepted';
  return foreignValues.some((value) => answer.text.includes(value)) ? 'foreign data in answer' : 'ok';
}

/** One of the other tenant's ids or markers in the answer that the request itself did not send. */
function carriesForeignData(testCase: Case, answer: RawAnswer, foreignValues: string[]): boolean {
  const sent = `${testCase.request.path} ${JSON.stringify(testCase.request.headers ?? {})} ${testCase.request.body?.toString() ?? ''}`;
  return foreignValues.some((value) => answer.text.includes(value) && !sent.includes(value));
}

/** The answer a visitor gets for a submission, honeypot filled or not: 201 `{id, received_at}`, nothing else. */
function isDecoyReceipt(answer: RawAnswer): boolean {
  if (answer.status !== 201) return false;
  try {
    const body = JSON.parse(answer.text);
    return Object.keys(body).sort().join() === 'id,received_at' && /^[0-9a-f-]{36}$/.test(body.id) && !Number.isNaN(Date.parse(body.received_at));
  } catch {
    return false;
  }
}

/**
 * One accepted request per operation but deletions (which would take the corpus's base records away):
 * proves each base valid, so every bad request in the corpus is bad only by its one change.
 */
async function sendControls(gatewayUrl: string, context: CorpusContext, db: Client): Promise<string[]> {
  const refused: string[] = [];
  for (const operation of context.operations) {
    if (operation.method === 'DELETE') continue;
    const answer = await sendRaw(gatewayUrl, await controlRequest(gatewayUrl, context, operation, db));
    if (answer.status < 200 || answer.status >= 300) refused.push(`${operation.key}: ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  return refused;
}

async function controlRequest(gatewayUrl: string, context: CorpusContext, operation: PublicOperation, db: Client): Promise<RawRequest> {
  const path = fillPath(operation.path, pathValues(context.own, operation.resource, operation.pathParameters));
  const ofItsOwn = CONTROLS_OF_THEIR_OWN[operation.key];
  if (ofItsOwn) return ofItsOwn(gatewayUrl, db, path);
  if (operation.key === 'POST /api/auth/refresh-token/' || operation.key === 'POST /api/auth/logout/') {
    // A session of its own: the corpus's base must stay unused.
    const login = await request(gatewayUrl, 'POST', '/api/auth/login/', { body: { email: context.own.member.email, password: PASSWORD } });
    return { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh: login.body.refresh }) };
  }
  return validRequest(operation, context.own, path, operation.anonymous ? undefined : context.own.admin.access, 'control');
}

const jsonPost = (path: string, body: unknown, token?: string): RawRequest => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** A tenant of the control's own: its admin's id, address and access token. */
async function throwawayAdmin(gatewayUrl: string): Promise<{ userId: string; email: string; access: string }> {
  const email = `control-${randomUUID().slice(0, 8)}@control.test`;
  const registered = await request(gatewayUrl, 'POST', '/api/auth/register/', { body: { org_name: 'Control', email, password: PASSWORD } });
  return { userId: registered.body.user.id, email, access: registered.body.access };
}

/** A link's token stored as auth stores it (its SHA-256), as the mail worker does when it sends the link. */
async function linkToken(db: Client, table: 'password_reset_tokens' | 'email_verification_tokens', user: { userId: string; email: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  if (table === 'password_reset_tokens') {
    await db.query(`INSERT INTO auth.password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '30 minutes')`, [hash, user.userId]);
  } else {
    await db.query(`INSERT INTO auth.email_verification_tokens (token_hash, user_id, email, created_at, expires_at) VALUES ($1, $2, $3, now(), now() + interval '7 days')`, [hash, user.userId, user.email]);
  }
  return token;
}

/**
 * Controls that would spend the fixture's own credentials (a password change ends its admin's access
 * tokens), or need a link's token only an e-mail carries: made on a tenant of their own.
 */
const CONTROLS_OF_THEIR_OWN: Record<string, (gatewayUrl: string, db: Client, path: string) => Promise<RawRequest>> = {
  'POST /api/auth/password/change/': async (gatewayUrl, _db, path) =>
    jsonPost(path, { current_password: PASSWORD, new_password: 'a new passphrase control' }, (await throwawayAdmin(gatewayUrl)).access),
  'POST /api/auth/password/reset/confirm/': async (gatewayUrl, db, path) =>
    jsonPost(path, { token: await linkToken(db, 'password_reset_tokens', await throwawayAdmin(gatewayUrl)), new_password: 'a new passphrase control' }),
  'POST /api/auth/verify-email/': async (gatewayUrl, db, path) => jsonPost(path, { token: await linkToken(db, 'email_verification_tokens', await throwawayAdmin(gatewayUrl)) }),
};

const statusClass = (status: number) => (status === 0 ? 'no answer' : `${Math.floor(status / 100)}xx`);

const describe = (testCase: Case, answer: RawAnswer) =>
  `[${testCase.category}] ${testCase.operation} — ${testCase.name}: ${answer.status || answer.error} ${answer.text.slice(0, 160).replace(/\s+/g, ' ')}`;

runScript('bad-input', LIMIT_MS, async () => {
  const servers = await reliabilityServers('bad-input', 5);
  const { gatewayUrl, db, stop } = await startInProcessSystem(servers);

  const operations = publicOperations();
  const own: TenantFixture = await seedTenant(gatewayUrl, 'own', 'zqownmark');
  const foreign: TenantFixture = await seedTenant(gatewayUrl, 'foreign', 'zqforeignmark');
  await Promise.all([verifyAddresses(db, own), verifyAddresses(db, foreign)]);
  const context: CorpusContext = { operations, own, foreign, forged: await forgedCredentials(db, own, foreign) };
  const corpus = buildCorpus(context);
  const controlsRefused = await sendControls(gatewayUrl, context, db);
  for (const refusal of controlsRefused) console.log(`control refused: ${refusal}`);

  const before = await stillChecksums(db, { exclude: EXCLUDED_TABLES });
  const { rows: [{ now: corpusStart }] } = await db.query('SELECT now()');
  const started = Date.now();
  const outcomes = await inPool(corpus, CONCURRENCY, (testCase) => sendPatiently(gatewayUrl, testCase.request));
  const answers = outcomes.map((outcome) => outcome.answer);
  const retried = corpus.filter((_, index) => outcomes[index]!.retried);
  for (const testCase of retried) console.log(`retried after a 5xx or no answer: [${testCase.category}] ${testCase.operation} — ${testCase.name}`);
  const seconds = (Date.now() - started) / 1000;
  const stillValid = await request(gatewayUrl, 'GET', '/api/auth/me/', { token: own.admin.access });
  const after = await stillChecksums(db, { exclude: EXCLUDED_TABLES });
  const { rows: [{ n: importsThatCreated }] } = await db.query(
    `SELECT count(*)::int AS n FROM import_export.import_jobs WHERE created_at >= $1 AND created > 0`,
    [corpusStart],
  );

  const foreignValues = [foreign.marker, ...fixtureIds(foreign)];
  const verdicts = corpus.map((testCase, index) => verdictOf(testCase, answers[index]!, foreignValues));
  const failures = corpus.flatMap((testCase, index) => (verdicts[index] === 'ok' ? [] : [{ verdict: verdicts[index]!, line: describe(testCase, answers[index]!) }]));
  for (const verdict of new Set(failures.map((failure) => failure.verdict))) {
    const listed = failures.filter((failure) => failure.verdict === verdict);
    console.log(`\n${verdict} (${listed.length}):`);
    for (const failure of listed.slice(0, 200)) console.log(`  ${failure.line}`);
  }
  if (process.env.BAD_INPUT_DUMP) {
    // Every case with its answer, one JSON line each: to review what a category actually got.
    const lines = corpus.map((testCase, index) => JSON.stringify({ category: testCase.category, operation: testCase.operation, name: testCase.name, expect: testCase.expect, status: answers[index]!.status, verdict: verdicts[index], answer: answers[index]!.text.slice(0, 300) }));
    writeFileSync(process.env.BAD_INPUT_DUMP, `${lines.join('\n')}\n`);
  }
  const changed = changedTables(before, after);
  for (const table of changed) console.log(`changed table: ${table} (${before[table]} -> ${after[table]})`);
  for (const [table, why] of Object.entries(EXCLUDED_TABLES)) console.log(`not compared: ${table}: ${why}`);

  await stop();

  const perCategory = countBy(corpus, (testCase) => testCase.category);
  // The web-to-lead operations (api-contract §8), the public submission above all: cases and answers each.
  const webFormOperations = operations.filter((operation) => /\/(web-forms|submissions)\//.test(operation.path)).map((operation) => operation.key);
  const perWebFormOperation = Object.fromEntries(
    webFormOperations.map((key) => {
      const indexes = corpus.flatMap((testCase, index) => (testCase.operation === key ? [index] : []));
      const statuses = JSON.stringify(countBy(indexes, (index) => String(answers[index]!.status)));
      return [`  ${key}`, `${indexes.length} cases, answered ${statuses}`];
    }),
  );
  const count = (verdict: Verdict) => verdicts.filter((found) => found === verdict).length;
  report(
    'bad-input',
    {
      operations: operations.length,
      'requests sent': corpus.length,
      ...Object.fromEntries(CATEGORIES.map((category) => [`  ${category}`, perCategory[category] ?? 0])),
      'cases per web form operation': '',
      ...perWebFormOperation,
      'public web form cases per category': JSON.stringify(
        countBy(
          corpus.filter((testCase) => testCase.operation.includes('/api/public/')),
          (testCase) => testCase.category,
        ),
      ),
      'answers by status class': JSON.stringify(countBy(answers, (answer) => statusClass(answer.status))),
      'answers by status': JSON.stringify(countBy(answers, (answer) => String(answer.status))),
      'seconds sending': seconds.toFixed(1),
      'cases asked again after a 5xx or no answer': retried.length,
      'controls sent (one accepted request per operation but DELETE)': operations.filter((operation) => operation.method !== 'DELETE').length,
      'tables compared': Object.keys(before).length,
    },
    [
      { what: 'controls refused', value: controlsRefused.length },
      { what: '5xx answers', value: count('5xx') },
      { what: 'requests without an answer', value: count('no answer') },
      { what: 'bad input accepted (2xx)', value: count('bad input accepted') },
      { what: "answers carrying the other tenant's data", value: count('foreign data in answer') },
      { what: 'valid credentials refused (401/429: the run itself broke)', value: count('valid credential refused') + (stillValid.status === 200 ? 0 : 1) },
      { what: 'changed tables', value: changed.length },
      { what: 'imports of the corpus that created records', value: importsThatCreated },
    ],
  );
});
