// npm run check:contract [-- --verbose] [-- --only CHECK[,CHECK]]
// Fails when the stamped hash, generated/, openapi/PROPOSALS.md or openapi/spec-only.yaml is stale
// (with a diff), when Spectral finds an error, or
// when the document has a breaking change against the last released contract (openapi/released.json,
// written by npm run contract:release) without a raised major info.version. No git history is
// read: the answer is the same on main, on a branch and in a one-commit clone. A missing or
// hand-edited release snapshot is a failure, never a skipped check. Also fails when
// openapi/CONSOLE-USAGE.md (npm run contract:usage) does not match the code.
import fs from 'node:fs';
import { CHECKS, type CheckName, checkLines, contractChecks } from './lib/contract-check';
import { RELEASED_PATH } from './lib/contract-release';
import { DOC_PATH, repoPath as rel } from './lib/paths';

/** A check's name on the command line: 'breaking-changes' for 'breaking changes'. */
const flagName = (name: CheckName) => name.replaceAll(' ', '-');

const USAGE = `usage: npm run check:contract [-- --verbose] [-- --only CHECK[,CHECK]]
  --verbose    also list the compatible (non-breaking) changes since the last release
               (also CONTRACT_VERBOSE=1)
  --only       run only these checks: ${CHECKS.map(flagName).join(', ')}`;

function parseArgs(argv: string[]): { verbose: boolean; only?: CheckName[] } {
  const options: { verbose: boolean; only?: CheckName[] } = { verbose: false };
  if (/^(1|true|yes)$/i.test(process.env.CONTRACT_VERBOSE ?? '')) options.verbose = true;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--verbose' || flag === '--full') options.verbose = true;
    else if (flag === '--only') {
      const names = (inline ?? argv[(i += 1)] ?? '').split(',').filter(Boolean);
      const unknown = names.filter((name) => !CHECKS.some((check) => flagName(check) === name));
      if (names.length === 0 || unknown.length > 0) {
        console.error(
          `check:contract: --only takes check names (${CHECKS.map(flagName).join(', ')}), got ${unknown.join(', ') || 'none'}\n\n${USAGE}`,
        );
        process.exit(2);
      }
      options.only = CHECKS.filter((check) => names.includes(flagName(check)));
    } else if (flag === '--base') {
      console.error(
        `check:contract: --base is gone: the baseline is the last release, ${rel(RELEASED_PATH)} (npm run contract:release)\n\n${USAGE}`,
      );
      process.exit(2);
    } else {
      console.error(`check:contract: unknown argument ${argv[i]}\n\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));

if (!fs.existsSync(DOC_PATH)) {
  console.error(`✖ ${rel(DOC_PATH)} does not exist`);
  process.exit(1);
}

const results: boolean[] = [];
for await (const check of contractChecks({ verbose: options.verbose, only: options.only })) {
  for (const line of checkLines(check)) console.log(line);
  results.push(check.ok);
}

const failed = results.filter((ok) => !ok).length;
if (failed > 0) {
  console.error(`check:contract failed: ${failed} of ${results.length} checks failed`);
  process.exit(1);
}
console.log(`check:contract passed: ${results.length} checks`);
