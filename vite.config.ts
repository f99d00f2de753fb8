import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { qaScenariosPlugin } from './scripts/lib/qa-catalogue.mjs';
import { chunkGroups, routeChunksPlugin } from './scripts/lib/route-chunks.mjs';

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * /api/v1 is proxied to the Prism mock on MOCK_PORT (default 4010), or any backend via MOCK_URL:
 * same origin, so the openapi-hash header is readable (a cross-origin Prism answer hides it from
 * credentialed requests). The dev server listens on DEV_PORT (default 5173).
 */
const target = process.env.MOCK_URL ?? `http://127.0.0.1:${process.env.MOCK_PORT || 4010}`;
const devPort = Number(process.env.DEV_PORT || 5173);
const proxy = {
  '/api/v1': {
    target,
    changeOrigin: true,
    rewrite: (path: string) => path.replace(/^\/api\/v1/, ''),
  },
};

export default defineConfig({
  plugins: [
    react(),
    // virtual:qa-scenarios, the QA panel's catalogue (only the dev server and QA builds import it).
    qaScenariosPlugin(),
    // Each route's chunks preloaded next to the entry chunk, and dist/.vite/route-chunks.json for
    // the budgets (npm test) and the bench.
    routeChunksPlugin({
      routesFile: source('./src/app/routes.tsx'),
      shellModule: source('./src/app/app-shell.tsx'),
      sessionKey: 'console.session',
    }),
  ],
  server: { port: devPort, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the build targets preloads modules itself (an old one merely skips the hint).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunkGroups(),
        },
      },
    },
  },
});
