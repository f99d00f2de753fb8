import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // tests/components: screens in happy-dom against the sandbox's handlers (each file says so).
    include: [
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/components/**/*.test.tsx',
    ],
    environment: 'node',
    // Two workers even on a 2-core machine (vitest's default there is one): half of a file's time
    // is importing modules, and in npm test the other lane's tool tests mostly wait on processes.
    // Threads start faster than forks; no unit test changes process-wide state.
    pool: 'threads',
    maxWorkers: 2,
    // Type tests (*.test-d.ts) are not in the unit run: `npm run typecheck` compiles them with
    // everything else, and `npm run test:types` runs them as vitest type tests (vitest.types.config.ts).
    // Property tests and the toolchain tests (Spectral, ESLint, the TypeScript compiler) run
    // for seconds; on a shared 2-core machine 5 s is not a budget, only a source of false failures.
    testTimeout: 30_000,
  },
});
