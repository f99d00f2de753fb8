// The floor: a bare React + MUI login form (tests/bench-floor/index.html) and a bare device table
// that asks for one page of devices (devices.html, served for /devices/*), built with the same Vite
// and the same React plugin as the app, with no config file of its own. `npm run bench` serves it
// next to the app; the budget check compares the sign-in page's download with it.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT as ROOT } from './paths';

export const FLOOR_SOURCE = path.join(ROOT, 'tests', 'bench-floor');
export const FLOOR_OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'bench-floor-dist');

/** Builds the floor into `outDir` and returns the files its page loads (relative to outDir). */
export async function buildFloor(outDir = FLOOR_OUT_DIR): Promise<string[]> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  // One build per page, so that each is a single self-contained bundle (a shared chunk between
  // the two would only add overhead to the sign-in floor).
  for (const [index, page] of ['index.html', 'devices.html'].entries()) {
    await build({
      root: FLOOR_SOURCE,
      configFile: false,
      publicDir: path.join(ROOT, 'public'),
      plugins: [react()],
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: index === 0,
        modulePreload: { polyfill: false },
        reportCompressedSize: false,
        // The same JS; the bench's profile finds the styling runtime's frames by the maps.
        sourcemap: 'hidden',
        rolldownOptions: { input: path.join(FLOOR_SOURCE, page) },
      },
    });
  }
  return floorFiles(outDir);
}

/** The JS and CSS a floor page loads (the floor has no lazy chunks). */
export function floorFiles(outDir = FLOOR_OUT_DIR, page = 'index.html'): string[] {
  const html = fs.readFileSync(path.join(outDir, page), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
}
