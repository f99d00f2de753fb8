// npm run generate: stamp the contract hash into openapi/openapi.yaml, write generated/, and write
// what comes from the contract's x-spec-gap marks (openapi/PROPOSALS.md, openapi/spec-only.yaml).
// Deterministic and idempotent: a second run writes nothing.
import path from 'node:path';
import { DOC_PATH, GENERATED_DIR, REPO_ROOT, generate } from './lib/contract.mjs';
import { writeSpecGapFiles } from './lib/spec-gaps.mjs';

try {
  const { hash, written } = await generate({ docPath: DOC_PATH, outDir: GENERATED_DIR });
  // After the stamping: spec-only.yaml carries the full contract's hash.
  written.push(...writeSpecGapFiles(DOC_PATH));
  const rel = (file) => path.relative(REPO_ROOT, file);
  console.log(`openapi hash ${hash}`);
  if (written.length === 0) console.log('generate: everything up to date, nothing written');
  else for (const file of written) console.log(`generate: wrote ${rel(file)}`);
} catch (error) {
  console.error(`generate failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
