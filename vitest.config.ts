import { defineConfig } from 'vitest/config';

const UNIT_TESTS = [
  'tests/unit/**/*.test.ts',
  'tests/unit/**/*.test.tsx',
  // Screens in happy-dom against the sandbox's handlers (each file says so).
  'tests/components/**/*.test.tsx',
];
/**
 * The error reporter's tests: one starts it (a mocked SDK, and the feedback integration kept in
 * module state), the other checks that without a DSN it never starts. Each gets a fresh module graph.
 */
const ERROR_REPORTING_TESTS = ['tests/unit/sentry-init.test.ts', 'tests/unit/feedback.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // Two workers even on a 2-core machine (vitest's default there is one): half of a file's time
    // is importing modules, and in npm test the step beside it (lint) mostly uses one core.
    // Threads start faster than forks.
    pool: 'threads',
    maxWorkers: 2,
    // Type tests (*.test-d.ts) are not in the unit run: `npm run typecheck` compiles them with
    // everything else, and `npm run test:types` runs them as vitest type tests (vitest.types.config.ts).
    // Property tests and the toolchain tests (Spectral, ESLint, the TypeScript compiler) run
    // for seconds; on a shared 2-core machine 5 s is not a budget, only a source of false failures.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: ERROR_REPORTING_TESTS,
          // A worker's files share one module graph: each module is imported once per worker,
          // not once per file (import is most of a file's time). Every file leaves the globals
          // it stubs as it found them (vi.unstubAllGlobals), and none depends on import order.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: ERROR_REPORTING_TESTS } },
    ],
  },
});
