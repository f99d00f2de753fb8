// Flat ESLint config. Type-aware rules are left out on purpose: `npm run typecheck` covers types and
// linting stays fast.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.d.ts'];

/**
 * The house's layers, lowest first: a layer imports only layers below it (and itself). Telemetry
 * sits between session and api; src/main.tsx is the top, like app. Features are one element per
 * folder (the folder name is captured), so a new feature needs no configuration.
 */
export const LAYERS = ['lib', 'session', 'telemetry', 'api', 'ui', 'features', 'app'];
const ELEMENTS = [
  { type: 'features', pattern: 'src/features/*', capture: ['feature'] },
  ...['lib', 'session', 'telemetry', 'api', 'ui', 'app'].map((type) => ({
    type,
    pattern: `src/${type}`,
  })),
  { type: 'generated', pattern: 'generated' },
];
const above = (layer) => LAYERS.slice(LAYERS.indexOf(layer) + 1);

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
    // The house's rules: layering, features independent of each other, no import cycles.
    // Tests and scripts are outside the layering.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': ELEMENTS,
      // Files directly in src/ (main.tsx, vite-env.d.ts) are classified as files, not folders.
      'boundaries/files': [
        { category: 'main', pattern: 'src/main.tsx' },
        { category: 'env', pattern: 'src/vite-env.d.ts' },
      ],
      'boundaries/include': ['src/**/*', 'generated/**/*'],
      // Static imports, re-exports and lazy import(): a lazily loaded page is a dependency too.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { node: { extensions: EXTENSIONS } },
      'import-x/resolver-next': [createNodeResolver({ extensions: EXTENSIONS })],
      'import-x/extensions': EXTENSIONS,
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            ...LAYERS.filter((layer) => above(layer).length > 0).map((layer) => ({
              from: { element: { type: layer } },
              disallow: { to: { element: { types: { anyOf: above(layer) } } } },
              message: `${layer} must not import {{ to.element.types.[0] }}: a layer imports only the layers below it (${LAYERS.join(' <- ')} <- main.tsx)`,
            })),
            {
              disallow: { to: { file: { categories: 'main' } } },
              message: 'src/main.tsx is the top: nothing imports it',
            },
            {
              from: { element: { type: 'features' } },
              disallow: {
                to: {
                  element: {
                    type: 'features',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
              message:
                'feature {{ from.element.captured.feature }} must not import feature {{ to.element.captured.feature }}: move what both need to src/ui (React) or src/lib (pure functions)',
            },
          ],
        },
      ],
      // Every file under src/ belongs to a layer: a new top-level folder must be placed first.
      'boundaries/no-unknown-files': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['scripts/**', 'tests/**', '.ci/**', '*.{js,mjs,cjs,ts,mts}'],
    languageOptions: { globals: globals.node },
  },
);
