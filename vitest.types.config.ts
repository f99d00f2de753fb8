import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Type tests (npm run test:types): expectTypeOf in tests/unit/*.test-d.ts, checked by the TypeScript
// compiler, so a wrong type fails. `npm run typecheck` compiles them too (tsconfig includes tests/);
// they are not in the unit run, which would compile the whole project a second time.
export default defineConfig({
  test: {
    include: [],
    typecheck: {
      enabled: true,
      only: true,
      include: ['tests/unit/**/*.test-d.ts'],
      tsconfig: './tsconfig.node.json',
      // The same compiler as npm run typecheck (TypeScript 7), by path: `tsc` on the PATH may be
      // either of the two TypeScript packages (docs/testing.md says why there are two).
      checker: fileURLToPath(new URL('./node_modules/typescript-7/bin/tsc', import.meta.url)),
    },
  },
});
