import { defineConfig } from 'vitest/config';

// Contract tests: every operation of openapi/openapi.yaml against a Prism mock started by the test.
export default defineConfig({
  test: {
    include: ['tests/contract/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    // Prism needs a while to start on a small (2-core) machine; requests are sequential.
    hookTimeout: 180_000,
    testTimeout: 30_000,
  },
});
