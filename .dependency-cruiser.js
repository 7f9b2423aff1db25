/**
 * The dependency rule (docs/architecture.md §1, "Where the code is"), checked in `npm test` (phase rules):
 * the platform knows nothing of records or services, the records layer nothing of services, a service
 * nothing of another service or the gateway, and nobody reaches into a package past its index.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-stays-generic',
      comment: 'shared/platform has no domain: it may not import the records layer, a service, the gateway or the system.',
      severity: 'error',
      from: { path: '^shared/platform/src/' },
      to: { path: '^(shared/records|services|gateway|system|contracts)/' },
    },
    {
      name: 'records-know-no-service',
      comment: 'shared/records is what every record shares: it may not import a service, the gateway or the system.',
      severity: 'error',
      from: { path: '^shared/records/src/' },
      to: { path: '^(services|gateway|system|contracts)/' },
    },
    {
      name: 'services-stay-apart',
      comment: 'A service talks to another through events and its HTTP API, never by importing its code.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^(services/(?!$1/)[^/]+|gateway|system|contracts)/' },
    },
    {
      name: 'gateway-knows-no-service',
      comment: 'The gateway routes by its route table; it may not import a service.',
      severity: 'error',
      from: { path: '^gateway/src/' },
      to: { path: '^(services|system|contracts)/' },
    },
    {
      name: 'testing-is-for-tests',
      comment: '@crm/testing starts services for tests: only test files use it, never the code of a package (its src/).',
      severity: 'error',
      from: { path: '^(shared/(?!testing/)[^/]+|services/[^/]+|gateway|system|contracts|bench|reliability|scripts|clients/[^/]+)/src/' },
      to: { path: '^shared/testing/' },
    },
    {
      name: 'testing-knows-no-service',
      comment: 'shared/testing runs any service from its definition: it may use the platform and the records layer, not a service, the gateway or the system.',
      severity: 'error',
      from: { path: '^shared/testing/src/' },
      to: { path: '^(services|gateway|system|contracts)/' },
    },
    {
      name: 'packages-through-their-index',
      comment: "Another package is used through its index (its package.json's exports), not a file inside it.",
      severity: 'error',
      from: { path: '^(shared/[^/]+|services/[^/]+|gateway|system|contracts|bench|reliability|scripts)/src/' },
      to: {
        path: '^(shared/[^/]+|services/[^/]+|gateway)/src/(?!index\\.ts$)',
        pathNot: ['^$1/'],
      },
    },
    {
      name: 'no-circular',
      comment: 'A cycle of imports that run makes the modules\' load order matter (a type-only import runs nothing).',
      severity: 'error',
      from: { path: '^(shared/[^/]+|services/[^/]+|gateway)/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.test.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['types', 'require', 'default'], mainFields: ['types', 'main'] },
  },
};
