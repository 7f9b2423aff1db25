import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../../support/api-client';
import { outboxEvents } from '../../support/events';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { addMember, eventually, registerTenant, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * Read your writes across services (architecture §1): an id is usable in any other service's write, and shown
 * in its views, as soon as its create has answered, whatever the replicas have heard yet. Each test acts
 * as a client: it writes the next record the moment the previous one answered, never waits for a
 * replica and never retries a 400; the one thing it retries is a 503, after its `Retry-After`, as any
 * client should (an owning service being restarted).
 */
let system: TestSystem, admin: TenantAdmin;

beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

/** What a run of writes met besides its 201s. */
interface Answers {
  /** Anything but 201 and 503: must stay empty. */
  unexpected: string[];
  /** 503s, each retried after its Retry-After. */
  unavailable: number;
}

const newAnswers = (): Answers => ({ unexpected: [], unavailable: 0 });

/** A POST as a client sends it: again after a 503's Retry-After, never after anything else. */
async function post(path: string, body: Record<string, unknown>, answers: Answers, token = admin.access): Promise<any> {
  for (;;) {
    const res: ApiResponse = await system.api.post(path, body, { token });
    if (res.status === 201) return res.body;
    if (res.status !== 503) {
      answers.unexpected.push(`${path} ${JSON.stringify(body)}: ${res.status} ${res.text}`);
      return undefined;
    }
    answers.unavailable += 1;
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000));
  }
}

/** The records of one chain, as their creates answered. */
interface Chain {
  account: any;
  contact: any;
  opportunity: any;
  task: any;
  lead: any;
  leadTask: any;
}

/**
 * One chain: account → contact naming it → opportunity naming both → task naming all three; and
 * lead → task naming it. Each write crosses to a service whose replica has not heard of the record yet.
 */
async function chain(i: number, answers: Answers): Promise<Partial<Chain>> {
  const account = await post('/api/accounts/', { name: `Chain ${i} Ltd` }, answers);
  const contact = account && (await post('/api/contacts/', { first_name: 'Chain', last_name: String(i), account_id: account.id }, answers));
  const opportunity = contact && (await post('/api/opportunities/', { name: `Deal ${i}`, account_id: account.id, contact_ids: [contact.id] }, answers));
  const task =
    opportunity &&
    (await post('/api/tasks/', { title: `Call ${i}`, account_id: account.id, contact_id: contact.id, opportunity_id: opportunity.id }, answers));
  const lead = await post('/api/leads/', { first_name: 'Chain', last_name: String(i) }, answers);
  const leadTask = lead && (await post('/api/tasks/', { title: `Qualify ${i}`, lead_id: lead.id }, answers));
  return { account, contact, opportunity, task, lead, leadTask };
}

/** `count` chains, `inFlight` at a time; `onDone` hears how many have finished after each. */
async function runChains(count: number, inFlight: number, answers: Answers, onDone: (done: number) => void = () => {}): Promise<Partial<Chain>[]> {
  const chains: Partial<Chain>[] = new Array(count);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++;
        chains[i] = await chain(i, answers);
        onDone(++done);
      }
    }),
  );
  return chains;
}

/** Reads each chain's records back: every link as written, every name shown. */
async function expectLinked(chains: Partial<Chain>[]): Promise<void> {
  for (const [i, { account, contact, opportunity, task, lead, leadTask }] of chains.entries()) {
    expect(contact.account).toEqual({ id: account.id, name: `Chain ${i} Ltd` });
    expect(opportunity).toMatchObject({ account: { id: account.id, name: `Chain ${i} Ltd` }, contact_ids: [contact.id] });
    expect(task).toMatchObject({ account_id: account.id, contact_id: contact.id, opportunity_id: opportunity.id });
    expect(leadTask.lead_id).toBe(lead.id);
  }
  const tasks = await system.api.get(`/api/tasks/?contact=${chains[0]!.contact.id}`, { token: admin.access });
  expect(tasks.body.results.map((task: { id: string }) => task.id)).toEqual([chains[0]!.task.id]);
}

describe('chains of writes across services', () => {
  it('when 200 chains run at 10 in flight, then every write naming a record created a moment before is accepted', async () => {
    const answers = newAnswers();
    const chains = await runChains(200, 10, answers);
    expect(answers).toEqual({ unexpected: [], unavailable: 0 });
    await expectLinked(chains);
  }, 120_000);

  it('when each owning service is stopped and started again mid-run, then no write is refused: a 503 to retry at most', async () => {
    const answers = newAnswers();
    const outages: { service: string; chainsDone: number; inFlight: boolean }[] = [];
    let chainsDone = 0;
    const reached = (chains: number) =>
      new Promise<void>((resolve) => {
        const poll = () => (chainsDone >= chains ? resolve() : setTimeout(poll, 10));
        poll();
      });
    const run = runChains(200, 10, answers, (done) => {
      chainsDone = done;
    });
    // Contacts (asked about contacts by accounts-opportunities), accounts-opportunities (asked about
    // accounts by contacts), leads (asked about leads), each down for a while in the middle of the run.
    const outagesDone = (async () => {
      for (const [service, at] of [['contacts', 40], ['accounts-opportunities', 90], ['leads', 140]] as const) {
        await reached(at);
        await system.stopService(service);
        outages.push({ service, chainsDone, inFlight: chainsDone < 200 });
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await system.startService(service);
      }
    })();
    const chains = await run;
    await outagesDone;
    expect(answers.unexpected).toEqual([]);
    expect(outages.map((outage) => [outage.service, outage.inFlight])).toEqual([
      ['contacts', true],
      ['accounts-opportunities', true],
      ['leads', true],
    ]);
    await expectLinked(chains);
  }, 240_000);
});

describe('what a write may name the moment it was created', () => {
  it('when a member was added a moment ago, then records may be given to them at once, their e-mail shown', async () => {
    const answers = newAnswers();
    const member = await addMember(system.api, admin, true);
    const owner = { id: member.profileId, email: member.email };
    expect((await post('/api/leads/', { first_name: 'Given', assigned_to_id: member.profileId }, answers)).assigned_to).toEqual(owner);
    expect((await post('/api/contacts/', { first_name: 'Given', owner_id: member.profileId }, answers)).owner).toEqual(owner);
    expect((await post('/api/accounts/', { name: 'Given Ltd', assigned_to_id: member.profileId }, answers)).assigned_to).toEqual(owner);
    expect((await post('/api/tasks/', { title: 'Given', assigned_to_id: member.profileId }, answers)).assigned_to).toEqual(owner);
    expect(answers).toEqual({ unexpected: [], unavailable: 0 });
  });

  it('when a tenant registered a moment ago, then its admin owns what it creates, e-mail shown in every service', async () => {
    const answers = newAnswers();
    const tenant = await registerTenant(system.api, 'Fresh');
    const owner = { id: tenant.profileId, email: tenant.email };
    expect((await post('/api/leads/', { first_name: 'Mine' }, answers, tenant.access)).assigned_to).toEqual(owner);
    expect((await post('/api/contacts/', { first_name: 'Mine' }, answers, tenant.access)).owner).toEqual(owner);
    expect((await post('/api/opportunities/', { name: 'Mine' }, answers, tenant.access)).assigned_to).toEqual(owner);
    expect(answers).toEqual({ unexpected: [], unavailable: 0 });
  });

  it('when a tenant registered a moment ago converts a lead at once, then the records it made show their owner’s e-mail', async () => {
    const tenant = await registerTenant(system.api, 'Quick');
    const body = { first_name: 'Quick', company_name: 'Quick Co', opportunity_amount: '1.00' };
    const lead = await createLead(system.api, tenant.access, body);
    const conversion = await system.api.put(`/api/leads/${lead.id}/`, { ...body, status: 'converted' }, { token: tenant.access });
    expect(conversion.body.conversion_status).not.toBe('pending');
    const owner = { id: tenant.profileId, email: tenant.email };
    expect((await system.api.get(`/api/contacts/${conversion.body.contact_id}/`, { token: tenant.access })).body.owner).toEqual(owner);
    expect((await system.api.get(`/api/accounts/${conversion.body.account_id}/`, { token: tenant.access })).body.assigned_to).toEqual(owner);
    expect((await system.api.get(`/api/opportunities/${conversion.body.opportunity_id}/`, { token: tenant.access })).body.assigned_to).toEqual(owner);
  });

  it('when a lead was converted a moment ago, then the ids its conversion answered are usable everywhere at once', async () => {
    const answers = newAnswers();
    const lead = await createLead(system.api, admin.access, { first_name: 'Converted', company_name: 'Convert Co', opportunity_amount: '10.00' });
    const conversion = await system.api.put(
      `/api/leads/${lead.id}/`,
      { first_name: 'Converted', company_name: 'Convert Co', opportunity_amount: '10.00', status: 'converted' },
      { token: admin.access },
    );
    expect(conversion.status).toBe(200);
    const { account_id, contact_id, opportunity_id } = conversion.body;
    const task = await post('/api/tasks/', { title: 'Onboard', lead_id: lead.id, contact_id, account_id, opportunity_id }, answers);
    expect(task).toMatchObject({ lead_id: lead.id, contact_id, account_id, opportunity_id });
    const colleague = await post('/api/contacts/', { first_name: 'Colleague', account_id }, answers);
    expect(colleague.account).toEqual({ id: account_id, name: 'Convert Co' });
    const upsell = await post('/api/opportunities/', { name: 'Upsell', account_id, contact_ids: [contact_id, colleague.id] }, answers);
    expect(upsell.contact_ids).toEqual([contact_id, colleague.id]);
    expect(answers).toEqual({ unexpected: [], unavailable: 0 });
  });

  it('when an import names an account and a member created a moment ago, then every row is accepted', async () => {
    const answers = newAnswers();
    const member = await addMember(system.api, admin, true);
    const account = await post('/api/accounts/', { name: 'Imported Into Ltd' }, answers);
    const upload = async (path: string, csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv]), 'rows.csv');
      return system.api.post(path, undefined, { token: admin.access, rawBody: form });
    };
    const contacts = await upload('/api/contacts/import/commit/', `first_name,account_id,owner_id\r\nAda,${account.id},${member.profileId}\r\nGrace,${account.id},\r\n`);
    expect(contacts.status).toBe(201);
    expect(contacts.body.created).toBe(2);
    const imported = await system.api.get(`/api/contacts/${contacts.body.ids[0]}/`, { token: admin.access });
    expect(imported.body).toMatchObject({ account: { id: account.id, name: 'Imported Into Ltd' }, owner: { id: member.profileId, email: member.email } });
    const other = await addMember(system.api, admin, true);
    const leads = await upload('/api/leads/import/commit/', `first_name,assigned_to_id\r\nAlan,${other.profileId}\r\n`);
    expect(leads.status).toBe(201);
    expect((await system.api.get(`/api/leads/${leads.body.ids[0]}/`, { token: admin.access })).body.assigned_to).toEqual({ id: other.profileId, email: other.email });
    expect(answers).toEqual({ unexpected: [], unavailable: 0 });
  });
});

describe('what a write may not name', () => {
  it('when an id exists nowhere, is another tenant’s (created a moment ago) or one the caller may not open, then 400 on its field', async () => {
    const stranger = await registerTenant(system.api, 'Stranger');
    const seller = await addMember(system.api, admin, true);
    const theirs = {
      account: (await system.api.post('/api/accounts/', { name: 'Theirs' }, { token: stranger.access })).body.id,
      contact: (await system.api.post('/api/contacts/', { first_name: 'Theirs' }, { token: stranger.access })).body.id,
      lead: (await createLead(system.api, stranger.access, { first_name: 'Theirs' })).id,
    };
    const admins = {
      account: (await system.api.post('/api/accounts/', { name: 'Admin only' }, { token: admin.access })).body.id,
      contact: (await system.api.post('/api/contacts/', { first_name: 'Admin only' }, { token: admin.access })).body.id,
      lead: (await createLead(system.api, admin.access, { first_name: 'Admin only' })).id,
    };
    const cases: [string, { account: string; contact: string; lead: string }][] = [
      [admin.access, { account: randomUUID(), contact: randomUUID(), lead: randomUUID() }],
      [admin.access, theirs],
      [seller.access, admins],
    ];
    for (const [token, ids] of cases) {
      const contact = await system.api.post('/api/contacts/', { first_name: 'X', account_id: ids.account }, { token });
      expect(contact.status).toBe(400);
      expect(contact.body).toEqual({ error: true, errors: { account_id: 'No account of this organisation has this id.' } });
      const task = await system.api.post('/api/tasks/', { title: 'X', contact_id: ids.contact, lead_id: ids.lead }, { token });
      expect(task.status).toBe(400);
      expect(task.body.errors).toEqual({ contact_id: 'No contact of this organisation has this id.', lead_id: 'No lead of this organisation has this id.' });
      const opportunity = await system.api.post('/api/opportunities/', { name: 'X', contact_ids: [ids.contact] }, { token });
      expect(opportunity.status).toBe(400);
      expect(Object.keys(opportunity.body.errors)).toEqual(['contact_ids']);
    }
    const member = await system.api.post('/api/leads/', { first_name: 'X', assigned_to_id: stranger.profileId }, { token: admin.access });
    expect(member.status).toBe(400);
    expect(member.body.errors).toEqual({ assigned_to_id: expect.any(String) });
  });

  it('when the owning service is down, then a write naming a record it has not announced yet is a 503 with Retry-After, never a 400', async () => {
    // Contacts hears no events for now, so its replica cannot have the account when accounts-opportunities goes down.
    await system.services.contacts!.consumer!.stop();
    try {
      const account = (await system.api.post('/api/accounts/', { name: 'Announced later' }, { token: admin.access })).body;
      await system.stopService('accounts-opportunities');
      try {
        const res = await system.api.post('/api/contacts/', { first_name: 'Waiting', account_id: account.id }, { token: admin.access });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(res.body).toEqual({ detail: expect.any(String) });
      } finally {
        await system.startService('accounts-opportunities');
      }
      const res = await system.api.post('/api/contacts/', { first_name: 'Waiting', account_id: account.id }, { token: admin.access });
      expect(res.status).toBe(201);
      expect(res.body.account).toEqual({ id: account.id, name: 'Announced later' });
    } finally {
      await system.stopService('contacts');
      await system.startService('contacts');
    }
  });
});

describe('deletes reach every service', () => {
  /** A record read back once `changed` holds, as a client syncing by `updated_at` would find it. */
  const once = (path: string, changed: (record: any) => boolean, what: string) =>
    eventually(async () => {
      const res = await system.api.get(path, { token: admin.access });
      return res.status === 200 && changed(res.body) ? res.body : undefined;
    }, 15_000, what);

  /**
   * A reference cleared by a delete elsewhere is a change of the record like any write: a new version (its
   * ETag), and `<entity>.updated` carrying the cleared view, after the record's earlier events.
   */
  const expectChangeOfItsOwn = async (service: string, entity: string, path: string, id: string, cleared: Record<string, unknown>) => {
    const events = await outboxEvents(system, service, id);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ type: `${entity}.updated`, data: cleared });
    expect(last.data.version).toBeGreaterThan(events.at(-2)!.data.version);
    expect((await system.api.get(`${path}${id}/`, { token: admin.access })).headers.get('etag')).toBe(`"${last.data.version}"`);
  };

  /** The ids of a list's records changed since `since`, as a client syncing by `updated_at` reads them (newest change first). */
  const changedSince = async (path: string, since: string): Promise<string[]> => {
    const res = await system.api.get(`${path}?ordering=-updated_at&page_size=100`, { token: admin.access });
    return res.body.results.filter((record: { updated_at: string }) => record.updated_at >= since).map((record: { id: string }) => record.id);
  };

  it('when a contact is deleted, then tasks and opportunities let go of it, each as a change of its own', async () => {
    const answers = newAnswers();
    const contact = await post('/api/contacts/', { first_name: 'Leaving' }, answers);
    const stays = await post('/api/contacts/', { first_name: 'Staying' }, answers);
    const task = await post('/api/tasks/', { title: 'About the leaving one', contact_id: contact.id }, answers);
    const opportunity = await post('/api/opportunities/', { name: 'Both', contact_ids: [stays.id, contact.id] }, answers);
    expect(answers).toEqual({ unexpected: [], unavailable: 0 });

    expect((await system.api.delete(`/api/contacts/${contact.id}/`, { token: admin.access })).status).toBe(204);
    const cleared = await once(`/api/tasks/${task.id}/`, (now) => now.contact_id === null, 'the task to let go of the contact');
    expect(cleared.updated_at > task.updated_at).toBe(true);
    const kept = await once(`/api/opportunities/${opportunity.id}/`, (now) => now.contact_ids.length === 1, 'the opportunity to let go of the contact');
    expect(kept.contact_ids).toEqual([stays.id]);
    expect(kept.updated_at > opportunity.updated_at).toBe(true);
    await expectChangeOfItsOwn('accounts-opportunities', 'task', '/api/tasks/', task.id, { contact_id: null });
    await expectChangeOfItsOwn('accounts-opportunities', 'opportunity', '/api/opportunities/', opportunity.id, { contact_ids: [stays.id] });
    expect((await system.api.get(`/api/tasks/?contact=${contact.id}`, { token: admin.access })).body.count).toBe(0);
    expect((await system.api.post('/api/tasks/', { title: 'Too late', contact_id: contact.id }, { token: admin.access })).status).toBe(400);
  });

  it('when a converted lead is deleted, then its task, its opportunity and its contact let go of it, each as a change', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Gone', company_name: 'Gone Co', opportunity_amount: '5.00' });
    const conversion = await system.api.put(
      `/api/leads/${lead.id}/`,
      { first_name: 'Gone', company_name: 'Gone Co', opportunity_amount: '5.00', status: 'converted' },
      { token: admin.access },
    );
    expect(conversion.body.conversion_status).not.toBe('pending');
    const answers = newAnswers();
    const task = await post('/api/tasks/', { title: 'About the lead', lead_id: lead.id }, answers);
    const contact = (await system.api.get(`/api/contacts/${conversion.body.contact_id}/`, { token: admin.access })).body;
    expect(contact.lead_ids).toEqual([lead.id]);
    const before = new Date().toISOString();

    expect((await system.api.delete(`/api/leads/${lead.id}/`, { token: admin.access })).status).toBe(204);
    await once(`/api/tasks/${task.id}/`, (now) => now.lead_id === null, 'the task to let go of the lead');
    await once(`/api/opportunities/${conversion.body.opportunity_id}/`, (now) => now.lead_id === null, 'the opportunity to let go of the lead');
    const unlinked = await once(`/api/contacts/${contact.id}/`, (now) => now.lead_ids.length === 0, 'the contact to let go of the lead');
    expect(unlinked.updated_at > contact.updated_at).toBe(true);
    await expectChangeOfItsOwn('accounts-opportunities', 'task', '/api/tasks/', task.id, { lead_id: null });
    await expectChangeOfItsOwn('accounts-opportunities', 'opportunity', '/api/opportunities/', conversion.body.opportunity_id, { lead_id: null });
    await expectChangeOfItsOwn('contacts', 'contact', '/api/contacts/', contact.id, { lead_ids: [] });
    // A client syncing "changed since" finds each of them.
    expect(await changedSince('/api/contacts/', before)).toContain(contact.id);
    expect(await changedSince('/api/tasks/', before)).toContain(task.id);
    expect(await changedSince('/api/opportunities/', before)).toContain(conversion.body.opportunity_id);
    expect((await system.api.get(`/api/tasks/?lead=${lead.id}`, { token: admin.access })).body.count).toBe(0);
  });

  it('when an account is deleted, then its contacts become standalone, each as a change', async () => {
    const answers = newAnswers();
    const account = await post('/api/accounts/', { name: 'Closing Ltd' }, answers);
    const contact = await post('/api/contacts/', { first_name: 'Employee', account_id: account.id }, answers);
    expect((await system.api.delete(`/api/accounts/${account.id}/`, { token: admin.access })).status).toBe(204);
    const standalone = await once(`/api/contacts/${contact.id}/`, (now) => now.account === null, 'the contact to let go of the account');
    expect(standalone.updated_at > contact.updated_at).toBe(true);
    await expectChangeOfItsOwn('contacts', 'contact', '/api/contacts/', contact.id, { account: null });
    expect((await system.api.post('/api/contacts/', { first_name: 'Too late', account_id: account.id }, { token: admin.access })).status).toBe(400);
  });
});
