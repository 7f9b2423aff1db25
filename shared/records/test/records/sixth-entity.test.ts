import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { entityCustomFields } from '../../src/custom-fields';
import { ENSURE_PG_TRGM, type DataSource } from '@crm/platform';
import { createServiceApp, InternalTokenSigner, listen, type RunningServer } from '@crm/platform';
import { createLogger } from '@crm/platform';
import {
  COMMON_SERVER_FIELDS,
  listQuery,
  NAME_MAX,
  OWNED_RECORD_COLUMNS,
  ownedRecordIndexes,
  recordTotalsSql,
  recordWriteCountsSql,
  recordChangedRowsSql,
  recordCustomValuesSql,
  requireOwnerMember,
  recordBody,
  recordRoutes,
  recordViews,
  requiredText,
  type AssignedValues,
  type OwnedView,
  type RecordKind,
  type RecordTable,
} from '../../src/records';
import { OwnerLookup, ReplicatedReferences } from '../../src/replicas';
import { TenantQuotas } from '../../src/quotas/tenant-quotas';
import { optionalText, tagsField } from '@crm/platform';
import { uuidParam } from '@crm/platform';
import { leadsMigrationsNamed, openFreshSchema } from '../../../platform/test/database/fresh-schema';
import { AUDIENCE, call, callerIn } from '../record-notes/helpers';

/**
 * architecture §6, "Adding an entity": a sixth entity is one migration, one description and its routes. Products
 * below are nothing but that, on the shared service shell, and get what every entity has: list, create,
 * detail, PATCH, PUT, DELETE, visibility, custom fields, notes, ETags, events.
 */
const SCHEMA = 'sixth_entity_test';

interface ProductValues extends AssignedValues {
  name: string;
  sku: string | null;
}
interface ProductView extends OwnedView {
  id: string;
  name: string;
  sku: string | null;
}

const PRODUCTS: RecordTable<ProductValues, 'created_at' | 'updated_at' | 'name'> = {
  name: 'products',
  owner: 'assigned_to',
  columns: ['name', 'sku', 'assigned_to', 'tags', 'custom_fields'],
  orderColumns: { created_at: 'created_at', updated_at: 'updated_at', name: 'name' },
  totals: true,
};

const productListQuery = listQuery({ sku: z.string().optional() }, ['created_at', 'updated_at', 'name']);

const productKind: RecordKind<ProductValues, ProductView, z.output<typeof productListQuery>, 'name'> = {
  entity: 'product',
  source: 'products-test',
  table: PRODUCTS,
  customFields: entityCustomFields({ entity: 'product', basePath: '/api/products/custom-fields/', recordTable: 'products' }),
  owner: { field: 'assigned_to_id', filter: 'assigned_to' },
  required: ['name'],
  defaults: (owner) => ({ sku: null, assigned_to: owner, tags: [], custom_fields: {} }),
  namedReferences: {},
  async linkReferences(db, caller, values, existing) {
    await requireOwnerMember(db, productKind, caller, values, existing);
    return values;
  },
  views: (db, tenantId, products) => recordViews(db, PRODUCTS, tenantId, products),
  filters: (filter, query) => filter.where('sku = ?', query.sku),
};

const productBody = recordBody({ name: requiredText(NAME_MAX), sku: optionalText(64), tags: tagsField, custom_fields: z.unknown(), assigned_to_id: uuidParam }, COMMON_SERVER_FIELDS);

/** The one migration: the columns every record table has, its own, a generated `search_text`, the indexes, totals, write counts, changed rows and custom values. */
const PRODUCTS_MIGRATION = {
  name: 'Products1765000000000',
  up: `${ENSURE_PG_TRGM}
       CREATE TABLE products (
         id uuid PRIMARY KEY,
         tenant_id uuid NOT NULL,
         name text NOT NULL,
         sku text,
         ${OWNED_RECORD_COLUMNS},
         search_text text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(sku, ''))) STORED
       );
       ${ownedRecordIndexes('products')}
       ${recordTotalsSql('products', 'assigned_to')}
       ${recordWriteCountsSql('products')}
       ${recordChangedRowsSql('products')}
       ${recordCustomValuesSql('products')}`,
};

let dataSource: DataSource, server: RunningServer;
const tenantId = randomUUID();
const admin = callerIn(tenantId, 'admin');
const member = callerIn(tenantId, 'member');
const stranger = callerIn(randomUUID(), 'admin');

beforeAll(async () => {
  dataSource = await openFreshSchema(
    SCHEMA,
    // The tables of the service it would join (as the leads service applied them), then the entity's one migration.
    [...leadsMigrationsNamed('Messaging1763800000000', 'ProfileReplica1763900000000', 'CustomFields1763900050000', 'NotesAndFiles1763900060000', 'TenantQuotas1767400000000'), PRODUCTS_MIGRATION],
    {},
  );
  for (const caller of [admin, member, stranger]) {
    await dataSource.query('INSERT INTO profiles (id, tenant_id, email, version) VALUES ($1, $2, $3, 1)', [caller.profileId, caller.tenantId, `${caller.role}-${caller.profileId}@products.test`]);
  }
  const logger = createLogger(AUDIENCE, 'silent');
  const references = new ReplicatedReferences({
    dataSource,
    lookup: new OwnerLookup({ signer: new InternalTokenSigner(AUDIENCE), ownerUrls: {}, timeoutMs: 1000, resendForMs: 0, logger }),
    replicas: [],
    clock: () => new Date(),
  });
  const context = { dataSource, clock: () => new Date(), references, quotas: new TenantQuotas() };
  const routes = Router().use(recordRoutes(context, productKind, { basePath: '/api/products/', body: productBody, listQuery: productListQuery }));
  server = await listen(createServiceApp({ logger, health: { draining: false }, internalToken: { audience: AUDIENCE }, routes }), 0);
});
afterAll(async () => {
  await server?.close(100);
  await dataSource?.destroy();
});

describe('a sixth entity described to the records layer', () => {
  it('when a product is created, read, changed and deleted, then every answer has the shape of every entity', async () => {
    const created = await call(server, admin, 'POST', '/api/products/', { json: { name: 'Anvil', sku: 'A-1', tags: ['iron'], assigned_to_id: member.profileId } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Anvil',
      sku: 'A-1',
      assigned_to: { id: member.profileId, email: `member-${member.profileId}@products.test` },
      tags: ['iron'],
      custom_fields: {},
      org: tenantId,
      created_by: admin.profileId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(created.headers.get('etag')).toBe('"1"');
    const path = `/api/products/${created.body.id}/`;
    expect((await call(server, admin, 'GET', path)).body).toEqual({ ...created.body, custom_field_definitions: [] });
    const patched = await call(server, member, 'PATCH', path, { json: { sku: null } });
    expect(patched.body).toMatchObject({ name: 'Anvil', sku: null, tags: ['iron'] });
    expect((await call(server, admin, 'PUT', path, { json: { sku: 'A-2' } })).body.errors).toEqual({ name: 'This field is required.' });
    expect((await call(server, admin, 'PUT', path, { json: { name: 'Anvil II' } })).body).toMatchObject({ name: 'Anvil II', sku: null, tags: [], assigned_to: { id: member.profileId } });
    const events = await dataSource.query(`SELECT type FROM outbox WHERE subject = $1 ORDER BY seq`, [created.body.id]);
    expect(events.map((event: { type: string }) => event.type)).toEqual(['product.created', 'product.updated', 'product.updated']);
    expect((await call(server, member, 'DELETE', path)).status).toBe(403);
    expect((await call(server, admin, 'DELETE', path)).status).toBe(204);
    expect((await call(server, admin, 'GET', path)).status).toBe(404);
  });

  it('when products are listed, then the envelope, its filters and what each caller may open are those of every entity', async () => {
    for (const [caller, name, sku] of [[admin, 'Bellows', 'B-1'], [member, 'Chisel', 'C-1'], [stranger, 'Drill', 'D-1']] as const) {
      expect((await call(server, caller, 'POST', '/api/products/', { json: { name, sku } })).status).toBe(201);
    }
    const names = (body: { results: { name: string }[] }) => body.results.map((product) => product.name);
    const all = await call(server, admin, 'GET', '/api/products/?ordering=name');
    expect(all.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(names(all.body)).toEqual(['Bellows', 'Chisel']);
    const bySku = (await call(server, admin, 'GET', '/api/products/?sku=C-1')).body;
    expect({ names: names(bySku), count: bySku.count }).toEqual({ names: ['Chisel'], count: 1 });
    expect(names((await call(server, admin, 'GET', '/api/products/?search=bell')).body)).toEqual(['Bellows']);
    expect(names((await call(server, member, 'GET', '/api/products/')).body)).toEqual(['Chisel']);
    expect((await call(server, admin, 'GET', '/api/products/?colour=red')).status).toBe(400);
  });

  it('when its custom fields are defined and its notes written, then they work as on every entity', async () => {
    const definition = await call(server, admin, 'POST', '/api/products/custom-fields/', { json: { key: 'weight', label: 'Weight', field_type: 'number' } });
    expect(definition.status).toBe(201);
    const product = await call(server, admin, 'POST', '/api/products/', { json: { name: 'Hammer', custom_fields: { weight: 2 } } });
    expect(product.body.custom_fields).toEqual({ weight: 2 });
    expect((await call(server, admin, 'POST', '/api/products/', { json: { name: 'Hammer', custom_fields: { weight: 'heavy' } } })).status).toBe(400);
    const note = await call(server, admin, 'POST', `/api/products/${product.body.id}/notes/`, { json: { body: 'Handle with care' } });
    expect(note.status).toBe(201);
    expect((await call(server, stranger, 'GET', `/api/products/${product.body.id}/notes/`)).status).toBe(404);
  });
});
