import { api, freshBenchDatabase, startBenchSystem } from './bench-system';
import { measure, printFigures, type LatencyFigures } from './latency';
import { seedLeads } from './seed-leads';

/**
 * Lead conversion end to end (issue 8; targets: p50 under 25 ms, p99 under 100 ms, one conversion in
 * flight). A conversion is `PUT /api/leads/<id>/` with `status: converted` through the gateway (the
 * only way to convert, api-contract §4: there is no `/convert/` endpoint). Every conversion here carries a company and an
 * amount, so it creates all three records. What one takes (api-contract §4): leads commits the lead and
 * `lead.converted` to its outbox; its relay publishes; contacts creates the contact and
 * accounts-opportunities the account and opportunity, each announcing them (`*.created`) through its own
 * outbox and relay; leads consumes those, and the last one wakes the waiting request (NOTIFY), which
 * answers. So the answer comes once the records are readable — timed from sending the PUT to its answer.
 *
 * After the clock stops each answer is checked: the lead converted, and 200 for GETs of the account,
 * contact and opportunity it names, linked as they should be. Should the bounded wait end first
 * (`conversion_status: pending`), the time runs on until those GETs answer 200, and such answers are
 * counted. Baseline: a lead's detail GET through the same gateway in the same run. (The req/s of the
 * conversion lines include those checks.)
 *
 *   npm run bench -- conversion
 *   BENCH_CONVERSIONS=100 npm run bench -- conversion    # a quicker run
 */
const CONVERSIONS = Number(process.env.BENCH_CONVERSIONS ?? 500);
/** For information: conversions in flight at once, besides the target's one. */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const WARM_UP = 50;
/** The tenant's table is not empty: leads are found among these. */
const SEEDED_LEADS = 10_000;

/** A lead of the seed, open to be converted. */
type OpenLead = { id: string; first_name: string; last_name: string; email: string };

interface Conversion {
  account_id: string;
  contact_id: string;
  opportunity_id: string | null;
  conversion_status: 'completed' | 'pending';
  status: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends conversions of `leads` and checks each answer; counts the answers that came back pending. */
function converter(gateway: string, token: string, leads: OpenLead[]) {
  const pending = { count: 0 };
  const get = (path: string, expected = [200]) => api(gateway, 'GET', path, token, undefined, expected);

  /** 200 for each created record, linked to the lead and to each other. */
  const checkReadable = async (lead: OpenLead, answer: Conversion) => {
    const [account, contact, opportunity] = await Promise.all([
      get(`/api/accounts/${answer.account_id}/`),
      get(`/api/contacts/${answer.contact_id}/`),
      get(`/api/opportunities/${answer.opportunity_id}/`),
    ]);
    if (account.name !== `Company of ${lead.id}`) throw new Error(`account ${account.id} is named ${account.name}`);
    if (contact.email !== lead.email || !contact.lead_ids.includes(lead.id)) throw new Error(`contact ${contact.id} is not the lead's`);
    if (opportunity.lead_id !== lead.id || opportunity.amount !== '1250.00' || opportunity.account.id !== account.id) {
      throw new Error(`opportunity ${opportunity.id} is not the lead's`);
    }
  };

  /** A pending answer: the conversion counts as done once every record answers 200 (within a minute). */
  const waitReadable = async (answer: Conversion) => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const statuses = await Promise.all(
        [`/api/accounts/${answer.account_id}/`, `/api/contacts/${answer.contact_id}/`, `/api/opportunities/${answer.opportunity_id}/`].map(
          async (path) => (await fetch(`${gateway}${path}`, { headers: { authorization: `Bearer ${token}` } })).status,
        ),
      );
      if (statuses.every((status) => status === 200)) return;
      await sleep(5);
    }
    throw new Error(`the records of a pending conversion never became readable: ${JSON.stringify(answer)}`);
  };

  const convert = async (i: number): Promise<number> => {
    const lead = leads[i]!;
    const body = {
      first_name: lead.first_name,
      last_name: lead.last_name,
      email: lead.email,
      company_name: `Company of ${lead.id}`,
      opportunity_amount: '1250.00',
      currency: 'EUR',
      status: 'converted',
    };
    const start = performance.now();
    const answer: Conversion = await api(gateway, 'PUT', `/api/leads/${lead.id}/`, token, body, [200]);
    if (answer.conversion_status === 'pending') {
      pending.count += 1;
      await waitReadable(answer);
    }
    const ms = performance.now() - start;
    if (answer.status !== 'converted' || !answer.opportunity_id) throw new Error(`lead ${lead.id} answered ${JSON.stringify(answer)}`);
    await checkReadable(lead, answer);
    return ms;
  };
  return { convert, pending };
}

async function main(): Promise<void> {
  const needed = WARM_UP + 2 * CONVERSIONS;
  console.log(`lead conversion: ${CONVERSIONS} conversions 1 in flight, ${CONVERSIONS} at ${CONCURRENCY} in flight, each creating an account, a contact and an opportunity`);
  await freshBenchDatabase();
  const bench = await startBenchSystem();
  try {
    const gateway = bench.system.gatewayUrl;
    const [tenant] = await seedLeads(gateway, bench.db, 1, Math.max(SEEDED_LEADS, 2 * needed));
    const token = tenant!.admin.access;
    const { rows: leads } = await bench.db.query<OpenLead>(
      `SELECT id, first_name, last_name, email FROM leads.leads
       WHERE tenant_id = $1 AND status <> 'converted' ORDER BY md5(id::text) LIMIT $2`,
      [tenant!.orgId, needed],
    );
    if (leads.length < needed) throw new Error(`only ${leads.length} open leads, ${needed} needed`);
    const warmUpLeads = leads.slice(0, WARM_UP);
    const sequentialLeads = leads.slice(WARM_UP, WARM_UP + CONVERSIONS);
    const concurrentLeads = leads.slice(WARM_UP + CONVERSIONS);

    const baseline = () => measure('baseline: GET /api/leads/<id>/', CONVERSIONS, 1, async (i) => {
      const lead = await api(gateway, 'GET', `/api/leads/${concurrentLeads[i % concurrentLeads.length]!.id}/`, token);
      if (lead.status === 'converted') throw new Error('a baseline lead is converted');
    });
    // Warm the pools, the caches and the JIT of every path before anything is counted.
    await measure('warm-up', 100, 10, async (i) => void (await api(gateway, 'GET', `/api/leads/${leads[i]!.id}/`, token)));
    await measure('warm-up', WARM_UP, 5, converter(gateway, token, warmUpLeads).convert);

    const sequential = converter(gateway, token, sequentialLeads);
    const concurrent = converter(gateway, token, concurrentLeads);
    const figures: LatencyFigures[] = [await baseline()];
    figures.push(await measure('PUT status=converted, 1 in flight', CONVERSIONS, 1, sequential.convert));
    figures.push(await measure(`PUT status=converted, ${CONCURRENCY} in flight`, CONVERSIONS, CONCURRENCY, concurrent.convert));
    printFigures(figures, figures[0]!);
    console.log(`answers pending (bounded wait ran out): ${sequential.pending.count} of ${CONVERSIONS} 1 in flight, ${concurrent.pending.count} of ${CONVERSIONS} at ${CONCURRENCY}`);
    console.log('targets (1 in flight): p50 < 25 ms, p99 < 100 ms');
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
