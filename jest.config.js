// One place for the jest quirks of this stack (DESIGN §10): middy and other ESM-only packages are
// transformed by swc, nivo's d3 packages too, and jsdom gets the globals react-router expects.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const esmPackages = ['@middy', 'd3-', '@nivo', 'internmap', 'jose', '@scure', '@noble'].join('|');
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages}))`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // The `@shared/...` and `@/...` (web/src) path aliases of tsconfig.json.
  moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/shared/$1', '^@/(.*)$': '<rootDir>/web/src/$1' },
};

/** @type {import('jest').Config} */
module.exports = {
  // A time limit only guards against a hang: no test asserts speed (benchmarks do, as ratios), so a
  // loaded machine must not fail a test that would pass on an idle one. Jest reads testTimeout from
  // the top level only: inside `projects` it is ignored and the 5 s default applies.
  testTimeout: 60_000,
  // `npm test` runs every file's tests in random order (`--randomize`; jest has no such config key
  // per project): each test sets up its own data, and a test that leans on an earlier one fails.
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/test/shared/**/*.test.ts',
        '<rootDir>/test/functions/**/*.test.ts',
        '<rootDir>/test/infra/**/*.test.ts',
        '<rootDir>/test/scripts/**/*.test.ts',
      ],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/web/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/support/web-setup.ts'],
      moduleNameMapper: {
        ...common.moduleNameMapper,
        '\\.(css|svg|png)$': '<rootDir>/test/support/file-stub.js',
      },
    },
  ],
};
