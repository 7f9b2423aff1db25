import { randomUUID } from 'node:crypto';
import { type Caller, InternalTokenSigner, mintInternalToken } from '@crm/platform';
import { type CustomFieldRule } from '../../src/custom-fields';
import { type DataSource } from '@crm/platform';
import { leadsMigrationsNamed, openFreshSchema } from '../../../platform/test/database/fresh-schema';

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');

export const DATABASE_URL = process.env.DATABASE_URL!;

/**
 * A fresh schema with the definitions table and `things`, a stand-in record table shaped like the
 * entities' (tenant, jsonb values with the GIN index the filters rely on).
 */
export async function openCustomFieldsTestDatabase(schema: string): Promise<DataSource> {
  return openFreshSchema(
    schema,
    [
      // With the quotas' tables, which count the definitions (and the files beside them).
      ...leadsMigrationsNamed('CustomFields1763900050000', 'NotesAndFiles1763900060000', 'TenantQuotas1767400000000'),
      {
        name: 'Things1764000000001',
        up: `CREATE TABLE things (
               id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
               tenant_id uuid NOT NULL,
               custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb
             );
             CREATE INDEX things_custom_fields ON things USING gin (custom_fields jsonb_path_ops);`,
      },
    ],
    {},
  );
}

export function callerIn(tenantId: string, role: Caller['role'], salesAccess: boolean): Caller {
  const id = randomUUID();
  return {
    userId: randomUUID(),
    tenantId,
    profileId: id,
    role,
    salesAccess,
    scopes: [],
    credential: { kind: 'user', id },
  };
}

export const AUDIENCE = 'cftest';
export const internalToken = (caller: Caller) => mintInternalToken(DEV_GATEWAY, AUDIENCE, caller);

/** A definition as the pure checks need it; everything not given is the plain default. */
export function rule(key: string, fieldType: CustomFieldRule['fieldType'], extra: Partial<CustomFieldRule> = {}): CustomFieldRule {
  return { key, fieldType, options: [], isRequired: false, isFilterable: false, ...extra };
}

export const options = (...values: string[]) => values.map((value) => ({ value, label: value.toUpperCase() }));
