import { request, type Answer } from './support/http';
import { startInProcessSystem } from './support/in-process-system';
import { countBy, inPool } from './support/raw-request';
import { report, runScript, type Check } from './support/report';
import { reliabilityServers } from './support/servers';
import { registerTenant, type ScriptTenant } from './support/tenants';
import { submissionsPath } from './support/two-tenants';
import type { Client } from 'pg';

/**
 * A public web form flooded (api-contract §8): its submissions need no credential, so the gateway's
 * limits are all that stands between it and a bot. Through the gateway of the in-process system, behind
 * one trusted proxy (`TRUST_PROXY=1`, each request's X-Forwarded-For is its client address), 1,000
 * submissions from ONE address to a form, then 1,000 from 1,000 addresses to another form, 20 in flight,
 * with `anon` at 50/minute and `FORM_RATE` at 300/minute, so that each phase meets one limit within one
 * window (fixed windows, each starting with its first request; each phase takes well under a minute, and
 * the script stops with 2 if one does not). Checks: every answer 201 or 429; from one address exactly
 * the anon limit accepted, from many exactly FORM_RATE; every 429 `{detail, retry_after}` with its
 * Retry-After and the bucket that refused it in RateLimit-Policy; every 201 stored exactly once (its
 * receipt's id in `leads.web_form_submissions`, one lead with its e-mail) and nothing stored for a 429;
 * each form's `submission_count` through the API the same.
 *
 *   npm run test:reliability -- web-form-spam
 */
const SCRIPT = 'web-form-spam';
const ANON_LIMIT = 50;
const FORM_LIMIT = 300;
const WINDOW_SECONDS = 60;
const SUBMISSIONS = 1_000;
const IN_FLIGHT = 20;

interface Phase {
  name: 'one address' | 'many addresses';
  /** The bucket that must refuse what the phase sends past its limit, and that limit. */
  bucket: 'anon' | 'form';
  limit: number;
  addressOf: (index: number) => string;
}

const PHASES: Phase[] = [
  // A documentation range (RFC 5737) and the benchmarking range (RFC 2544), 198.18.0.0/15: 1,000 distinct addresses.
  { name: 'one address', bucket: 'anon', limit: ANON_LIMIT, addressOf: () => '203.0.113.7' },
  { name: 'many addresses', bucket: 'form', limit: FORM_LIMIT, addressOf: (index) => `198.18.${index >> 8}.${index & 255}` },
];

interface Sent {
  email: string;
  address: string;
  answer: Answer;
  sentAt: number;
  answeredAt: number;
}

interface PhaseOutcome {
  phase: Phase;
  form: { id: string; public_key: string };
  sent: Sent[];
  seconds: number;
}

runScript(SCRIPT, 4 * 60_000, async () => {
  const servers = await reliabilityServers(SCRIPT, 13);
  const system = await startInProcessSystem(servers, {
    THROTTLE_RATES: `read=100000/hour,write=100000/hour,anon=${ANON_LIMIT}/minute,unauthenticated=100000/minute`,
    FORM_RATE: `${FORM_LIMIT}/minute`,
    // Behind one ingress: the X-Forwarded-For a visitor's request carries is the address the proxy saw.
    TRUST_PROXY: '1',
  });
  let outcome: Parameters<typeof report>;
  try {
    const tenant = await registerTenant(system.gatewayUrl, 'Web form spam');
    const outcomes: PhaseOutcome[] = [];
    // A form per phase: the second's window of FORM_RATE must not hold the first's accepted submissions.
    for (const phase of PHASES) outcomes.push(await flood(system.gatewayUrl, tenant, phase));
    outcome = await judge(system.gatewayUrl, system.db, tenant, outcomes);
  } finally {
    await system.stop();
  }
  report(...outcome);
});

async function flood(gatewayUrl: string, tenant: ScriptTenant, phase: Phase): Promise<PhaseOutcome> {
  const created = await request(gatewayUrl, 'POST', '/api/web-forms/', { token: tenant.access, body: { name: `Spammed from ${phase.name}` } });
  if (created.status !== 201) throw new Error(`form: ${created.status} ${created.text.slice(0, 300)}`);
  const form = created.body as PhaseOutcome['form'];
  const slug = phase.name.replace(/\W+/g, '-');
  const started = Date.now();
  const sent = await inPool(
    Array.from({ length: SUBMISSIONS }, (_, index) => index),
    IN_FLIGHT,
    async (index): Promise<Sent> => {
      const email = `${slug}-${index}@spam.test`;
      const address = phase.addressOf(index);
      const sentAt = Date.now();
      const answer = await request(gatewayUrl, 'POST', submissionsPath(form.public_key), {
        body: { first_name: 'Spam', last_name: `No ${index}`, email, message: `Buy now (${phase.name}, ${index})` },
        headers: { 'x-forwarded-for': address },
      });
      return { email, address, answer, sentAt, answeredAt: Date.now() };
    },
  );
  const seconds = (Date.now() - started) / 1000;
  // Fixed windows start with their first request: a phase within one window has one count to meet.
  const lastAnswer = Math.max(...sent.map((item) => item.answeredAt));
  if (lastAnswer - started >= (WINDOW_SECONDS - 5) * 1000) {
    throw new Error(`${phase.name}: ${seconds.toFixed(1)} s, not within one ${WINDOW_SECONDS} s window: the accepted count per window cannot be told apart`);
  }
  return { phase, form, sent, seconds };
}

const isRetryAfterBody = (body: any) =>
  body !== null && typeof body === 'object' && Object.keys(body).sort().join() === 'detail,retry_after' && typeof body.detail === 'string' && Number.isInteger(body.retry_after) && body.retry_after >= 1;

const isReceipt = (body: any) =>
  body !== null && typeof body === 'object' && Object.keys(body).sort().join() === 'id,received_at' && /^[0-9a-f-]{36}$/.test(body.id) && !Number.isNaN(Date.parse(body.received_at));

async function judge(gatewayUrl: string, db: Client, tenant: ScriptTenant, outcomes: PhaseOutcome[]): Promise<Parameters<typeof report>> {
  const counts: Record<string, number | string> = { 'limits': `anon ${ANON_LIMIT}/minute per address, FORM_RATE ${FORM_LIMIT}/minute per form; ${SUBMISSIONS} submissions per phase, ${IN_FLIGHT} in flight` };
  const problems: Record<string, string[]> = {};
  const checks: Check[] = [];
  const found = (what: string, line?: string) => {
    problems[what] ??= [];
    if (line !== undefined) problems[what]!.push(line);
  };

  for (const { phase, form, sent, seconds } of outcomes) {
    const label = `${phase.name}:`;
    const accepted = sent.filter((item) => item.answer.status === 201);
    const limited = sent.filter((item) => item.answer.status === 429);
    counts[`${label} answers by status`] = JSON.stringify(countBy(sent, (item) => String(item.answer.status)));
    counts[`${label} seconds, requests/s`] = `${seconds.toFixed(1)}, ${(sent.length / seconds).toFixed(0)}`;
    counts[`${label} accepted vs limit (one window)`] = `${accepted.length} vs ${phase.limit} (${phase.bucket})`;
    checks.push({ what: `${phase.name}: submissions accepted in the window (the ${phase.bucket} limit)`, value: accepted.length, expected: phase.limit });

    // Every answer a 201 or a 429, as it should be.
    const what = {
      other: 'answers neither 201 nor 429 (5xx, no answer, other)',
      receipt: '201s without {id, received_at}',
      body: '429s without {detail, retry_after}',
      retryAfter: '429s without Retry-After (or not its retry_after)',
      policy: '429s whose RateLimit-Policy names another bucket or limit',
      window: '429s reporting another window (their resets more than 2 s apart)',
      stored: '201s not stored exactly once (submission by its id, lead by its e-mail)',
      refusedStored: '429s whose submission or lead was stored',
      extra: "the form's stored submissions not answered 201",
      count: "forms whose submission_count (API) is not their 201s",
    };
    for (const key of Object.values(what)) found(key);
    for (const item of sent) {
      const { status, body } = item.answer;
      if (status !== 201 && status !== 429) found(what.other, `${phase.name} ${item.address}: ${status} ${item.answer.text.slice(0, 120)}`);
      if (status === 201 && !isReceipt(body)) found(what.receipt, `${phase.name}: ${item.answer.text.slice(0, 120)}`);
    }
    const policy = `"${phase.bucket}";q=${phase.limit};w=${WINDOW_SECONDS}`;
    const windowEnds: number[] = [];
    for (const item of limited) {
      const { body, headers } = item.answer;
      if (!isRetryAfterBody(body)) found(what.body, `${phase.name}: ${item.answer.text.slice(0, 120)}`);
      const retryAfter = headers.get('retry-after');
      if (retryAfter === null || Number(retryAfter) !== body?.retry_after) found(what.retryAfter, `${phase.name}: Retry-After ${retryAfter}, retry_after ${body?.retry_after}`);
      if (headers.get('ratelimit-policy') !== policy) found(what.policy, `${phase.name}: ${headers.get('ratelimit-policy')} (expected ${policy})`);
      const reset = /;t=(\d+)/.exec(headers.get('ratelimit') ?? '');
      if (reset) windowEnds.push(item.answeredAt + Number(reset[1]) * 1000);
    }
    // The server's view of the window: every 429 of the phase names the same end (to the second it rounds to).
    if (windowEnds.length > 0 && Math.max(...windowEnds) - Math.min(...windowEnds) > 2_000) {
      found(what.window, `${phase.name}: ends ${new Date(Math.min(...windowEnds)).toISOString()} to ${new Date(Math.max(...windowEnds)).toISOString()}`);
    }

    // Straight from the database: each 201's submission, once; a lead per accepted e-mail; nothing for a 429.
    const { rows: submissions } = await db.query<{ id: string; email: string }>(
      `SELECT id::text, data->>'email' AS email FROM leads.web_form_submissions WHERE tenant_id = $1 AND form_id = $2`,
      [tenant.orgId, form.id],
    );
    const { rows: leads } = await db.query<{ email: string; n: number }>(
      `SELECT email, count(*)::int AS n FROM leads.leads WHERE tenant_id = $1 AND source = 'website_form' AND email = ANY($2) GROUP BY email`,
      [tenant.orgId, sent.map((item) => item.email)],
    );
    const leadsByEmail = new Map(leads.map((row) => [row.email, row.n]));
    const submissionIds = countBy(submissions, (row) => row.id);
    const submissionEmails = countBy(submissions, (row) => row.email);
    const acceptedIds = new Set(accepted.map((item) => item.answer.body?.id));
    for (const item of accepted) {
      const id = item.answer.body?.id;
      if (submissionIds[id] !== 1 || submissionEmails[item.email] !== 1 || leadsByEmail.get(item.email) !== 1) {
        found(what.stored, `${phase.name} ${item.email}: submission ${submissionIds[id] ?? 0}, by e-mail ${submissionEmails[item.email] ?? 0}, leads ${leadsByEmail.get(item.email) ?? 0}`);
      }
    }
    for (const item of limited) {
      if (submissionEmails[item.email] || leadsByEmail.get(item.email)) found(what.refusedStored, `${phase.name} ${item.email}: submissions ${submissionEmails[item.email] ?? 0}, leads ${leadsByEmail.get(item.email) ?? 0}`);
    }
    for (const row of submissions) if (!acceptedIds.has(row.id)) found(what.extra, `${phase.name}: ${row.id} (${row.email})`);
    counts[`${label} stored submissions, leads`] = `${submissions.length}, ${[...leadsByEmail.values()].reduce((sum, n) => sum + n, 0)}`;

    // And through the API, as the tenant's admin sees the form.
    const read = await request(gatewayUrl, 'GET', `/api/web-forms/${form.id}/`, { token: tenant.access });
    counts[`${label} submission_count (API)`] = read.status === 200 ? read.body.submission_count : `answered ${read.status}`;
    if (read.status !== 200 || read.body.submission_count !== accepted.length) found(what.count, `${phase.name}: ${read.status} ${read.body?.submission_count} vs ${accepted.length} accepted`);
  }

  for (const [what, lines] of Object.entries(problems)) {
    for (const line of lines.slice(0, 10)) console.log(`  ${what}: ${line}`);
    checks.push({ what, value: lines.length });
  }
  return [SCRIPT, counts, checks];
}
