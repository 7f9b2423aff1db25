/**
 * One jest run for the whole repository. TypeScript is transformed by swc (no type check here: `npm test`
 * runs `tsc -b` first). jose and some of Pact's dependencies ship ESM only, so their files are transformed to
 * CommonJS too, and so is the OTLP exporter's base, which loads node:http with `import()`: jest's vm refuses that
 * without --experimental-vm-modules, transformed it is a `require`. The Pact suites (`*.pact.test.ts`) run apart,
 * consumers before providers: `npm run test:pacts`.
 */
const esmOnly = ['jose', 'https-proxy-agent', 'agent-base', 'proxy-agent-negotiate', '@opentelemetry/otlp-exporter-base'];
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }];

/**
 * `CRM_EMBEDDED=1` (`npm run test:embedded`): on the embedded default (PGlite, the in-process bus), the
 * conformance suites, which run every case on every entity, and the suites that reach the routes they do
 * not; `test/support/route-coverage.ts` fails the pass when a documented operation was never sent. The
 * rest of the behaviour is the same code on either backend, checked once on the servers.
 */
const embedded = process.env.CRM_EMBEDDED === '1';
const EMBEDDED_SUITES = [
  'test/e2e/conformance/**/*.test.ts',
  'test/e2e/**/*.embedded.test.ts',
  // The routes besides the five entities' own: sign-in and members, duplicate checks, imports and exports,
  // web forms and their public submissions, the change feed.
  'test/e2e/auth-flows.test.ts',
  // Forged events: the consumers' user-id check and the bus's refusals (docs/security.md §10.2).
  'test/e2e/forged-events.test.ts',
  // Passwords (change, reset), verified addresses and auth's e-mail (api-contract §10.3, §10.4).
  'test/e2e/auth/member-passwords.test.ts',
  'test/e2e/auth/member-lifecycle.test.ts',
  'test/e2e/leads/lead-duplicates.test.ts',
  'test/e2e/contacts/contact-duplicates.test.ts',
  'test/e2e/import-export/import.test.ts',
  'test/e2e/import-export/export.test.ts',
  'test/e2e/leads/web-forms.test.ts',
  'test/e2e/client-sdk.test.ts',
  'test/e2e/auth/reassign.test.ts',
  // Per-tenant quotas and GET /api/auth/tenant/usage/ (docs/security.md §10.5).
  'test/e2e/auth/tenant-quotas.test.ts',
];

/**
 * On the servers each jest worker has its own database, broker namespace and Redis key prefix
 * (test/support/test-env.ts), so files run side by side. `CRM_TEST_WORKERS` sets how many.
 */
const SERVER_WORKERS = Number(process.env.CRM_TEST_WORKERS ?? 3);

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc,
    [`/node_modules/(${esmOnly.join('|')})/.+\\.js$`]: swc,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@crm/(platform|records|testing)$': '<rootDir>/shared/$1/src/index.ts',
    '^@crm/gateway$': '<rootDir>/gateway/src/index.ts',
    '^@crm/(auth|audit|leads|contacts|accounts-opportunities|import-export)$': '<rootDir>/services/$1/src/index.ts',
    '^@crm/system$': '<rootDir>/system/src/index.ts',
    '^@crm/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@crm/client$': '<rootDir>/clients/typescript/src/index.ts',
  },
  testMatch: embedded ? EMBEDDED_SUITES.map((suite) => `<rootDir>/${suite}`) : ['<rootDir>/**/test/**/*.test.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '/dist/',
    ...(process.env.CRM_PACT_SUITES ? [] : ['\\.pact\\.test\\.ts$']),
    ...(embedded ? [] : ['\\.embedded\\.test\\.ts$']),
  ],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/route-coverage.ts',
  setupFiles: ['<rootDir>/test/support/test-env.ts'],
  // Embedded, each file has its own databases and bus in its worker; a worker past 1 GB (PGlite's memory
  // is not all given back when a file closes its databases) is replaced before its next file.
  maxWorkers: embedded ? 2 : SERVER_WORKERS,
  ...(embedded ? { workerIdleMemoryLimit: '1GB' } : {}),
  // The embedded default starts a PGlite database per service in each file: on a slow machine that alone
  // has taken over 30 s.
  testTimeout: embedded ? 90_000 : 30_000,
};
