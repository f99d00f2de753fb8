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
    // Property tests and the toolchain tests (Spectral, ESLint, the TypeScript compiler) run
    // for seconds; on a shared 2-core machine 5 s is not a budget, only a source of false failures.
    testTimeout: 30_000,
  },
});
