// npm run generate: stamp the contract hash into openapi/openapi.yaml, write generated/, and write
// what comes from the contract's x-spec-gap marks (openapi/PROPOSALS.md, openapi/spec-only.yaml).
// Deterministic and idempotent: a second run writes nothing (scripts/lib/contract-generate.ts).
import { generateContract } from './lib/contract-generate';
import { repoPath } from './lib/paths';

try {
  const { hash, written } = await generateContract();
  console.log(`openapi hash ${hash}`);
  if (written.length === 0) console.log('generate: everything up to date, nothing written');
  else for (const file of written) console.log(`generate: wrote ${repoPath(file)}`);
} catch (error) {
  console.error(`generate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
