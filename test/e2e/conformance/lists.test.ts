import type { TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { bodyOf, ENTITIES } from './entities';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';
import { listChecks } from '../../support/list-checks';

/**
 * Every entity's list (api-contract §2): the envelope, paging by absolute gateway links, the common
 * filters (owner, tags, search, creation time), ordering both ways with ties broken by the id, bad
 * queries, and a member's view: what they may not open is never listed, matched nor counted. Each
 * entity's own filters and orderings are in its own suite.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, other: Member;

beforeAll(async () => ({ system, admin, seller, other } = await startWithTenant({ members: { seller: true, other: true } })));
afterAll(() => system.stop());

describe.each(ENTITIES)('the list of $path', (entity) => {
  const records = `/api/${entity.path}/`;
  /** The tenant's records as created, oldest first: Ada and Grace the seller's own, Alan owned by the seller (created by the admin), Katherine the admin's, Edsger the other member's. */
  const created: any[] = [];

  const create = (token: string, label: string, extra: Record<string, unknown> = {}): Promise<any> => createdRecord(system.api, records, bodyOf(entity, label, extra), token);

  beforeAll(async () => {
    created.push(await create(seller.access, 'Ada', { tags: ['vip'] }));
    created.push(await create(seller.access, 'Grace', { tags: ['gov', 'vip'] }));
    created.push(await create(admin.access, 'Alan', { tags: ['uk'], [entity.owner.field]: seller.profileId }));
    created.push(await create(admin.access, 'Katherine 100%_', { tags: [] }));
    created.push(await create(other.access, 'Edsger', { tags: ['nl'] }));
  });

  const list = (query: string, token = admin.access) => system.api.get(`${records}${query}`, { token });
  const labels = (body: { results: Record<string, string>[] }) => body.results.map((record) => record[entity.labelField]!.split(' ')[0]!);
  const check = listChecks((query) => list(query), labels);

  it('when read without parameters, then the envelope holds every record as shown, newest first', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 5, next: null, previous: null, results: [...created].reverse() });
  });

  it('when paged, then next and previous are absolute gateway URLs that keep the filters and work', async () => {
    const ordering = entity.textOrdering;
    const first = await list(`?page_size=2&ordering=${ordering}`);
    expect(first.body.count).toBe(5);
    expect(labels(first.body)).toEqual(['Ada', 'Alan']);
    expect(first.body.previous).toBeNull();
    const nextUrl = new URL(first.body.next);
    expect(`${nextUrl.protocol}//${nextUrl.host}`).toBe(system.gatewayUrl);
    expect(Object.fromEntries(nextUrl.searchParams)).toEqual({ page_size: '2', ordering, page: '2', cursor: expect.any(String) });
    const second = await system.api.get(first.body.next, { token: admin.access });
    expect(labels(second.body)).toEqual(['Edsger', 'Grace']);
    const third = await system.api.get(second.body.next, { token: admin.access });
    expect(labels(third.body)).toEqual(['Katherine']);
    expect(third.body.next).toBeNull();
    expect((await system.api.get(third.body.previous, { token: admin.access })).body).toEqual(second.body);
    expect((await list('?page=9')).body).toMatchObject({ count: 5, results: [] });
    expect((await list('?page_size=100')).status).toBe(200);
  });

  it('when next is followed while records are created in front of the list, then each record of the list comes once, in order', async () => {
    // A tenant of its own: the records made here stay out of the other cases' counts.
    const tenant = await registerTenant(system.api, 'Cursor walk');
    const made: string[] = [];
    for (let i = 0; i < 7; i += 1) made.push((await createdRecord(system.api, records, bodyOf(entity, `Walk${i}`), tenant.access)).id);
    const seen: string[] = [];
    let url: string | null = `${records}?page_size=2`;
    while (url) {
      const res: { status: number; body: any } = await system.api.get(url, { token: tenant.access });
      expect(res.status).toBe(200);
      seen.push(...res.body.results.map((record: { id: string }) => record.id));
      // Newest first: a new record goes in front, and would push a bare page=N one row on.
      await createdRecord(system.api, records, bodyOf(entity, 'Newcomer'), tenant.access);
      url = res.body.next;
    }
    expect(seen).toEqual([...made].reverse());
  });

  it('when previous is followed from the last page, then the pages come back as they were, down to the first', async () => {
    const pages = [await list('?page_size=2&ordering=created_at')];
    while (pages[pages.length - 1]!.body.next) pages.push(await system.api.get(pages[pages.length - 1]!.body.next, { token: admin.access }));
    const back = [pages[pages.length - 1]!];
    while (back[0]!.body.previous) back.unshift(await system.api.get(back[0]!.body.previous, { token: admin.access }));
    expect(back.map((page) => labels(page.body))).toEqual(pages.map((page) => labels(page.body)));
    expect(labels(back[0]!.body)).toEqual(['Ada', 'Grace']);
  });

  it.each([
    ['?tags=vip', ['Grace', 'Ada']],
    ['?tags=uk,nl', ['Edsger', 'Alan']],
    ['?tags=nobody', []],
    ['?search=GRACE', ['Grace']],
    ['?search=100%25_', ['Katherine']],
    ['?search=%25', ['Katherine']],
    ['?search=_', ['Katherine']],
    ['?search=nobody-at-all', []],
    ['?search=a&tags=vip', ['Grace', 'Ada']],
  ])('when filtered by %s, then exactly the matching records come back, and are counted', (query, expected) => check.matches(query, expected));

  it('when filtered by owner and creation time, then the bounds hold', async () => {
    expect(labels((await list(`?${entity.owner.filter}=${seller.profileId}`)).body)).toEqual(['Alan', 'Grace', 'Ada']);
    expect(labels((await list(`?${entity.owner.filter}=${other.profileId}`)).body)).toEqual(['Edsger']);
    const at = encodeURIComponent(created[1].created_at);
    expect(labels((await list(`?created_at__gte=${at}`)).body)).toEqual(['Edsger', 'Katherine', 'Alan', 'Grace']);
    expect(labels((await list(`?created_at__lte=${at}`)).body)).toEqual(['Grace', 'Ada']);
    expect(labels((await list(`?created_at__gte=${at}&created_at__lte=${at}`)).body)).toEqual(['Grace']);
    expect((await list('?created_at__gte=2999-01-01')).body.count).toBe(0);
    expect((await list('?created_at__lte=2000-01-01')).body.count).toBe(0);
  });

  it('when ordered by its label or by creation, then ascending and descending are mirror images', async () => {
    await check.mirrored(entity.textOrdering, ['Ada', 'Alan', 'Edsger', 'Grace', 'Katherine']);
    await check.mirrored('created_at', ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger']);
  });

  it('when ordered by updated_at, then the last changed comes last ascending and first descending', async () => {
    const changed = await system.api.patch(`${records}${created[1].id}/`, { tags: ['gov', 'vip', 'changed'] }, { token: admin.access });
    expect(changed.status).toBe(200);
    await check.mirrored('updated_at', ['Ada', 'Alan', 'Katherine', 'Edsger', 'Grace']);
    expect(labels((await list('?ordering=created_at')).body)).toEqual(['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger']);
  });

  it('when labels tie, then the id breaks the tie in the same direction', async () => {
    const tenant = await registerTenant(system.api, 'Twins');
    const twins = [];
    for (const tag of ['one', 'two', 'three']) {
      const res = await system.api.post(records, bodyOf(entity, 'Twin', { tags: [tag] }), { token: tenant.access });
      twins.push(res.body.id);
    }
    const byId = [...twins].sort();
    const ids = async (query: string) => (await system.api.get(`${records}${query}`, { token: tenant.access })).body.results.map((r: { id: string }) => r.id);
    expect(await ids(`?ordering=${entity.textOrdering}`)).toEqual(byId);
    expect(await ids(`?ordering=-${entity.textOrdering}`)).toEqual([...byId].reverse());
  });

  it.each([
    `?${entity.owner.filter}=not-a-uuid`,
    '?created_at__gte=yesterday',
    '?created_at__lte=2024-02-30',
    '?ordering=colour',
    '?ordering=-',
    '?page=0',
    '?page=abc',
    '?page_size=101',
    '?page_size=0',
    '?colour=red',
    '?tags=',
    '?tags=a&tags=b',
    `?search=${'x'.repeat(201)}`,
    '?cf_missing=1',
  ])('when the query is %s, then 400 in the validation shape', (query) => check.refused(query));

  describe("a member's view", () => {
    it('when a member lists, then only what they created or own is listed and counted, page by page', async () => {
      const res = await list('', seller.access);
      expect(labels(res.body)).toEqual(['Alan', 'Grace', 'Ada']);
      expect(res.body.count).toBe(3);
      expect((await list('?page_size=2', seller.access)).body.count).toBe(3);
      expect(labels((await list('', other.access)).body)).toEqual(['Edsger']);
    });

    it.each(['?search=katherine', '?search=edsger', '?tags=nl', '?search=_'])('when a member filters by %s, then a hidden record never matches, nor counts', async (query) => {
      expect((await list(query, seller.access)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('when a member filters by another owner, then nothing of theirs shows', async () => {
      expect((await list(`?${entity.owner.filter}=${admin.profileId}`, seller.access)).body.count).toBe(0);
      expect((await list(`?${entity.owner.filter}=${other.profileId}`, seller.access)).body.count).toBe(0);
    });

    it('when another tenant lists, then it sees none of these', async () => {
      const stranger = await registerTenant(system.api, 'Stranger');
      expect((await list('?search=a', stranger.access)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('when another tenant follows a next link, then 400 on cursor, and none of these is shown', async () => {
      const stranger = await registerTenant(system.api, 'Cursor thief');
      const next = (await list('?page_size=2')).body.next;
      const res = await system.api.get(next, { token: stranger.access });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, errors: { cursor: expect.any(String) } });
    });

    it('when a member without sales access lists, then 403, even with a bad query', async () => {
      const clerk = await addMember(system.api, admin, false);
      for (const query of ['', '?ordering=colour']) {
        const res = await list(query, clerk.access);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ detail: expect.any(String) });
      }
    });
  });
});
