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
 * `CRM_EMBEDDED=1` (`npm run test:embedded`): the end-to-end suites once more, on the embedded default.
 * Left out there: the suites that run each service in a process of its own and kill or restart them
 * (the in-process bus joins the services of one process only, by design), and those that need what
 * the embedded default has not: two transactions at once (an embedded database has one connection), two
 * gateways sharing Redis, PostgreSQL roles.
 */
const embedded = process.env.CRM_EMBEDDED === '1';
const MULTI_PROCESS_SUITES = [
  'test/e2e/service-process.test.ts',
  'test/e2e/conversion/conversion-recovery.test.ts',
  'test/e2e/import-export/commit-killed.test.ts',
  'test/e2e/merge/merge-links.test.ts',
];
const SERVER_ONLY_SUITES = ['test/e2e/safe-writes/write-deadlocks.test.ts', 'test/e2e/credential-changes-replicas.test.ts', 'test/e2e/least-privilege.test.ts', 'test/e2e/retention.test.ts', 'test/e2e/backup-restore.test.ts'];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc,
    [`/node_modules/(${esmOnly.join('|')})/.+\\.js$`]: swc,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@crm/shared$': '<rootDir>/shared/src/index.ts',
    '^@crm/gateway$': '<rootDir>/gateway/src/index.ts',
    '^@crm/(auth|audit|leads|contacts|accounts-opportunities|import-export)$': '<rootDir>/services/$1/src/index.ts',
    '^@crm/system$': '<rootDir>/system/src/index.ts',
    '^@crm/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@crm/client$': '<rootDir>/clients/typescript/src/index.ts',
  },
  testMatch: embedded ? ['<rootDir>/test/e2e/**/*.test.ts'] : ['<rootDir>/**/test/**/*.test.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '/dist/',
    ...(process.env.CRM_PACT_SUITES ? [] : ['\\.pact\\.test\\.ts$']),
    ...(embedded ? [...MULTI_PROCESS_SUITES, ...SERVER_ONLY_SUITES].map((suite) => `<rootDir>/${suite}`) : ['\\.embedded\\.test\\.ts$']),
  ],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  setupFiles: ['<rootDir>/test/support/test-env.ts'],
  // Suites on the servers share one database and broker: one file at a time. Embedded, each file has its
  // own databases and bus in its own worker, so two run at once; a worker past 1 GB (PGlite's memory is not
  // all given back when a file closes its databases) is replaced before its next file.
  maxWorkers: embedded ? 2 : 1,
  ...(embedded ? { workerIdleMemoryLimit: '1GB' } : {}),
  // The embedded default starts a PGlite database per service in each file: on a slow machine that alone
  // has taken over 30 s.
  testTimeout: embedded ? 90_000 : 30_000,
};
