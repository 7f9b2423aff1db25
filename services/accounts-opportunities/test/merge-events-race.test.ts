import { randomUUID } from 'node:crypto';
import { createEvent, type DataSource } from '@crm/platform';
import { openFreshSchema } from '../../../shared/platform/test/database/fresh-schema';
import type { ServiceContext } from '../src/config';
import { SUBSCRIPTIONS } from '../src/integration-events/subscriptions';
import { accountsOpportunitiesMigrations } from '../src/migrations';

/**
 * A merge announces itself twice, in one transaction of its service: `contact.merged` and the
 * merged-away contact's `contact.deleted` naming the keeper. Consumers may handle both at once (prefetch,
 * several replicas): each must take its locks in the same order, or the two deadlock and one is
 * redelivered later (in the bad-input script, during the corpus it had waited to be still for).
 */
let dataSource: DataSource;
const context = { clock: () => new Date() } as ServiceContext;

beforeAll(async () => {
  dataSource = await openFreshSchema('merge_events_race_test', accountsOpportunitiesMigrations);
});
afterAll(async () => {
  await dataSource.destroy();
});

const handle = (type: string, tenantId: string, subject: string, data: Record<string, unknown>) =>
  dataSource.transaction((manager) => SUBSCRIPTIONS[type]!(createEvent({ source: 'contacts', type, subject, tenantId, actor: null, data }), manager, context));

it('when contact.merged and the merged-away contact.deleted are handled at the same time, then neither deadlocks and the redirect stands', async () => {
  const failures: unknown[] = [];
  for (let round = 0; round < 40; round += 1) {
    const [tenantId, keeper, merged] = [randomUUID(), randomUUID(), randomUUID()];
    const mergedData = { keeper_id: keeper, merged_id: merged, fields_from_keeper: [], fields_from_merged: [], merged_assigned_to: [], keeper_version: 2 };
    const deletedData = { id: merged, assigned_to: [], version: 3, merged_into: keeper };
    const outcomes = await Promise.allSettled([
      handle('contact.merged', tenantId, keeper, mergedData),
      handle('contact.deleted', tenantId, merged, deletedData),
    ]);
    failures.push(...outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : [])));
    const [row] = await dataSource.query(`SELECT deleted, merged_into, version FROM known_records WHERE record_type = 'contact' AND id = $1`, [merged]);
    expect(row).toEqual({ deleted: true, merged_into: keeper, version: 3 });
  }
  expect(failures).toEqual([]);
});
