// npm run contract:hash: prints the openapi-hash a server of openapi/openapi.yaml must send on every
// answer (and the one a console built from it expects): the hash of the contract's line, the major
// version (scripts/lib/contract-hash.ts lineHash). Only the hash goes to stdout, so a backend's
// build can read it (`HASH=$(npm run --silent contract:hash)`); what it is goes to stderr.
// Exits 1 when the document's stamped hash is not this value (run npm run generate).
import fs from 'node:fs';
import { documentVersion, majorOf, readStampedHash } from './lib/contract-hash';
import { expectedHashOf, readSnapshot } from './lib/contract-release';
import { DOC_PATH, repoPath } from './lib/paths';

const text = fs.readFileSync(DOC_PATH, 'utf8');
const hash = expectedHashOf(text);
const version = String(documentVersion(text));
const released = readSnapshot().snapshot;
console.log(hash);
const sameLine = released && majorOf(released.line.version) === majorOf(version);
console.error(
  sameLine
    ? `contract:hash: ${repoPath(DOC_PATH)} ${version} is in contract line ${String(majorOf(version))}, opened by release ${released.line.version}: every backend and console of the line sends and expects this hash.`
    : `contract:hash: ${repoPath(DOC_PATH)} ${version} opens a new contract line (not released yet${released ? `; the released line ${String(majorOf(released.version))} sends ${released.line.hash}` : ''}): this hash changes with every edit until npm run contract:release.`,
);
if (readStampedHash(text) !== hash) {
  console.error(
    `contract:hash: the document's stamped hash is not this value: run npm run generate.`,
  );
  process.exit(1);
}
