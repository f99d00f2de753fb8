// Flat ESLint config. Type-aware rules are left out on purpose: `npm run typecheck` covers types and
// linting stays fast.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    'generated/',
    'node_modules/',
    'coverage/',
    'test-results/',
    'playwright-report/',
    'blob-report/',
    'bench-results/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Same convention as tsc's noUnusedParameters: a leading underscore marks "unused on purpose".
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{js,jsx,ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['scripts/**', 'tests/**', '.ci/**', '*.{js,mjs,cjs,ts,mts}'],
    languageOptions: { globals: globals.node },
  },
);
