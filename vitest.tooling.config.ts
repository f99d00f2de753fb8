import { defineConfig } from 'vitest/config';

// Tool tests: the repository's scripts run as child processes (git clones, check:contract,
// contract:release, mock:proxy, contract:verify, Prism). One file at a time: each starts servers
// and Node processes, and the machine may have two cores.
export default defineConfig({
  test: {
    include: ['tests/tooling/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    hookTimeout: 180_000,
    // Ceilings, not costs: a shared 2-core machine under load runs these several times slower.
    testTimeout: 300_000,
  },
});
