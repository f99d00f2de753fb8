// npm run generate: stamp the contract hash into openapi/openapi.yaml and write generated/.
// Deterministic and idempotent: a second run writes nothing.
import path from 'node:path';
import { DOC_PATH, GENERATED_DIR, REPO_ROOT, generate } from './lib/contract.mjs';

try {
  const { hash, written } = await generate({ docPath: DOC_PATH, outDir: GENERATED_DIR });
  const rel = (file) => path.relative(REPO_ROOT, file);
  console.log(`openapi hash ${hash}`);
  if (written.length === 0) console.log('generate: everything up to date, nothing written');
  else for (const file of written) console.log(`generate: wrote ${rel(file)}`);
} catch (error) {
  console.error(`generate failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
