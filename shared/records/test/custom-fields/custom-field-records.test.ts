import { randomUUID } from 'node:crypto';
import {
  customFieldFilterSql,
  customFieldListConditions,
  loadDefinitions,
  validCustomFieldValues,
  type CustomFieldFilter,
} from '../../src/custom-fields';
import { deleteCustomField } from '../../src/custom-fields/manage-custom-fields';
import type { DataSource } from '@crm/platform';
import { ValidationError } from '@crm/platform';
import { openCustomFieldsTestDatabase } from './helpers';

const tenant = randomUUID();
const otherTenant = randomUUID();
const scope = { tenantId: tenant, entity: 'thing' };
let dataSource: DataSource;
const ids: Record<string, string> = {};

async function define(tenantId: string, key: string, fieldType: string, extra: { options?: unknown[]; filterable?: boolean; required?: boolean; entity?: string; order?: number } = {}) {
  const [row] = await dataSource.query(
    `INSERT INTO custom_field_definitions (tenant_id, entity, key, label, field_type, options, is_filterable, is_required, display_order)
     VALUES ($1, $2, $3, $3, $4, $5::jsonb, $6, $7, $8) RETURNING id`,
    [tenantId, extra.entity ?? 'thing', key, fieldType, JSON.stringify(extra.options ?? []), extra.filterable ?? true, extra.required ?? false, extra.order ?? 0],
  );
  return row.id as string;
}

/** Inserted as raw jsonb text, so `10.0` is stored as written, not as a JavaScript number. */
async function thing(name: string, tenantId: string, customFieldsJson: string) {
  const [row] = await dataSource.query(`INSERT INTO things (tenant_id, custom_fields) VALUES ($1, $2::jsonb) RETURNING id`, [tenantId, customFieldsJson]);
  ids[row.id] = name;
}

async function matching(filters: CustomFieldFilter[], tenantId = tenant): Promise<string[]> {
  const { conditions, params } = customFieldFilterSql(filters, 'custom_fields', 2);
  const rows: { id: string }[] = await dataSource.query(
    `SELECT id FROM things WHERE tenant_id = $1 ${conditions.map((c) => `AND ${c}`).join(' ')}`,
    [tenantId, ...params],
  );
  return rows.map((row) => ids[row.id]).sort();
}

beforeAll(async () => {
  dataSource = await openCustomFieldsTestDatabase('cftest_records');
  await define(tenant, 'budget', 'number', { order: 1 });
  await define(tenant, 'vip', 'checkbox', { order: 0 });
  await define(tenant, 'renewal', 'date', { order: 2 });
  await define(tenant, 'tier', 'dropdown', { options: [{ value: 'gold', label: 'Gold' }, { value: 'silver', label: 'Silver' }] , order: 3 });
  await define(tenant, 'notes', 'text', { order: 4 });
  await define(tenant, 'hidden', 'text', { filterable: false, order: 5 });
  await define(tenant, 'sibling', 'text', { entity: 'other' });
  await thing('ten', tenant, '{"budget": 10, "vip": true, "tier": "gold", "renewal": "2026-01-31", "notes": "Hello"}');
  await thing('ten-point-oh', tenant, '{"budget": 10.0, "vip": false, "tier": "silver"}');
  await thing('ten-as-text', tenant, '{"budget": "10", "vip": "true", "notes": "hello"}');
  await thing('eleven', tenant, '{"budget": 11, "tier": "gold"}');
  await thing('empty', tenant, '{}');
  await thing('other-tenant-ten', otherTenant, '{"budget": 10}');
});

afterAll(async () => {
  await dataSource?.destroy();
});

describe('custom field values in the database', () => {
  it('when definitions are loaded, then only the tenant’s of that entity, in display order', async () => {
    const keys = (await loadDefinitions(dataSource, tenant, 'thing')).map((d) => d.key);
    expect(keys).toEqual(['vip', 'budget', 'renewal', 'tier', 'notes', 'hidden']);
    expect(await loadDefinitions(dataSource, otherTenant, 'thing')).toEqual([]);
    const [tier] = (await loadDefinitions(dataSource, tenant, 'thing')).filter((d) => d.key === 'tier');
    expect(tier).toMatchObject({ fieldType: 'dropdown', options: [{ value: 'gold', label: 'Gold' }, { value: 'silver', label: 'Silver' }], isFilterable: true, isRequired: false });
    expect(tier.createdAt).toBeInstanceOf(Date);
  });

  it('when filtering a number, then 10 matches stored 10 and 10.0 but not the text "10"', async () => {
    expect(await matching([{ key: 'budget', value: 10 }])).toEqual(['ten', 'ten-point-oh']);
    expect(await matching([{ key: 'budget', value: 10.0 }])).toEqual(['ten', 'ten-point-oh']);
  });

  it('when filtering a checkbox, then only real booleans match', async () => {
    expect(await matching([{ key: 'vip', value: true }])).toEqual(['ten']);
    expect(await matching([{ key: 'vip', value: false }])).toEqual(['ten-point-oh']);
  });

  it('when filtering text, a date or a dropdown, then the string matches exactly', async () => {
    expect(await matching([{ key: 'notes', value: 'hello' }])).toEqual(['ten-as-text']);
    expect(await matching([{ key: 'renewal', value: '2026-01-31' }])).toEqual(['ten']);
    expect(await matching([{ key: 'tier', value: 'gold' }])).toEqual(['eleven', 'ten']);
  });

  it('when several filters are given, then a record must match all of them', async () => {
    expect(await matching([{ key: 'tier', value: 'gold' }, { key: 'budget', value: 11 }])).toEqual(['eleven']);
    expect(await matching([{ key: 'tier', value: 'silver' }, { key: 'budget', value: 11 }])).toEqual([]);
  });

  it('when a list filters, then the GIN jsonb_path_ops index can serve the condition', async () => {
    const { conditions, params } = customFieldFilterSql([{ key: 'budget', value: 10 }], 'custom_fields', 1);
    const plan = await dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await manager.query(`EXPLAIN SELECT id FROM things WHERE ${conditions[0]}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('things_custom_fields');
  });

  it('when a list query carries cf_ parameters, then they become conditions checked against the tenant’s definitions', async () => {
    const result = await customFieldListConditions(dataSource, scope, { cf_budget: '10', cf_tier: 'gold' }, { column: 'custom_fields', firstParamIndex: 2 });
    const rows: { id: string }[] = await dataSource.query(
      `SELECT id FROM things WHERE tenant_id = $1 AND ${result.conditions.join(' AND ')}`,
      [tenant, ...result.params],
    );
    expect(rows.map((row) => ids[row.id])).toEqual(['ten']);

    await expect(customFieldListConditions(dataSource, scope, { cf_hidden: 'x', cf_sibling: 'y' }, { column: 'custom_fields', firstParamIndex: 1 })).rejects.toMatchObject({
      status: 400,
      errors: {
        cf_hidden: 'Filtering on this custom field is not allowed.',
        cf_sibling: 'Filtering on this custom field is not allowed.',
      },
    });
    expect(await customFieldListConditions(dataSource, scope, {}, { column: 'custom_fields', firstParamIndex: 1 })).toEqual({ conditions: [], params: [], implied: [], createdBetween: [] });
  });

  it('when a record is written, then its values are checked against the tenant’s definitions of that entity', async () => {
    expect(await validCustomFieldValues(dataSource, scope, 'create', { budget: 3, tier: 'silver' })).toEqual({ budget: 3, tier: 'silver' });
    await expect(validCustomFieldValues(dataSource, scope, 'create', { sibling: 'x', budget: '3' })).rejects.toMatchObject({
      errors: { custom_fields: { sibling: 'Unknown custom field.', budget: 'Must be a number.' } },
    });
    expect(await validCustomFieldValues(dataSource, scope, 'patch', { budget: null }, { budget: 1, vip: true })).toEqual({ vip: true });
  });

  it('when a definition is deleted while a record write that checked it is still open, then the delete waits and strips the value', async () => {
    const fieldId = await define(tenant, 'racy', 'text');
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    let deleted = false;
    let recordId: string;
    try {
      const values = await validCustomFieldValues(runner.manager, scope, 'create', { racy: 'written' });
      [{ id: recordId }] = await runner.query(`INSERT INTO things (tenant_id, custom_fields) VALUES ($1, $2::jsonb) RETURNING id`, [tenant, JSON.stringify(values)]);
      const deletion = deleteCustomField(dataSource, scope, fieldId, 'things').then(() => (deleted = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deleted).toBe(false);
      await runner.commitTransaction();
      await deletion;
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    const [row] = await dataSource.query('SELECT custom_fields FROM things WHERE id = $1', [recordId!]);
    expect(row.custom_fields).toEqual({});
    await expect(validCustomFieldValues(dataSource, scope, 'create', { racy: 'again' })).rejects.toBeInstanceOf(ValidationError);
  });
});
