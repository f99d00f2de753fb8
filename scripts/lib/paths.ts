// Where things are in the repository. Light on purpose (node:path and node:url only): vite.config.ts
// loads modules that import it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file lives in scripts/lib/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OPENAPI_DIR = path.join(REPO_ROOT, 'openapi');
/** The contract. */
export const DOC_PATH = path.join(OPENAPI_DIR, 'openapi.yaml');
export const GENERATED_DIR = path.join(REPO_ROOT, 'generated');
export const SPECTRAL_RULESET = path.join(REPO_ROOT, '.spectral.yaml');
export const DIST_DIR = path.join(REPO_ROOT, 'dist');

/** A binary of node_modules/.bin. */
export const bin = (name: string): string => path.join(REPO_ROOT, 'node_modules', '.bin', name);

/** `file` relative to the repository (for messages), or to `root`. */
export const repoPath = (file: string, root = REPO_ROOT): string =>
  path.relative(root, path.resolve(file)) || file;

/**
 * The arguments that run one of the repository's TypeScript scripts with Node (tsx as the loader,
 * in the same process: signals reach the script itself). Use with process.execPath.
 */
export const scriptArgs = (script: string, ...args: string[]): string[] => [
  '--import',
  'tsx',
  path.resolve(REPO_ROOT, script),
  ...args,
];
