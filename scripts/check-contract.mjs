// npm run check:contract [-- --verbose]
// Fails when the stamped hash, generated/, openapi/PROPOSALS.md or openapi/spec-only.yaml is stale
// (with a diff), when Spectral finds an error, or
// when the document has a breaking change against the last released contract (openapi/released.json,
// written by npm run contract:release) without a raised major info.version. No git history is
// read: the answer is the same on main, on a branch and in a one-commit clone. A missing or
// hand-edited release snapshot is a failure, never a skipped check. Also fails when
// openapi/CONSOLE-USAGE.md (npm run contract:usage) does not match the code.
import fs from 'node:fs';
import path from 'node:path';
import {
  DOC_PATH,
  GENERATED_DIR,
  REPO_ROOT,
  SPECTRAL_RULESET,
  checkGenerated,
  checkStampedHash,
  runSpectral,
} from './lib/contract.mjs';
import { RELEASED_PATH, checkAgainstRelease } from './lib/contract-release.mjs';
import { checkUsage } from './lib/console-usage.mjs';
import { checkSpecGapFiles } from './lib/spec-gaps.mjs';

const USAGE = `usage: npm run check:contract [-- --verbose]
  --verbose    also list the compatible (non-breaking) changes since the last release
               (also CONTRACT_VERBOSE=1)`;

function parseArgs(argv) {
  const options = { verbose: false };
  if (/^(1|true|yes)$/i.test(process.env.CONTRACT_VERBOSE ?? '')) options.verbose = true;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--verbose' || flag === '--full') options.verbose = true;
    else if (flag === '--base') {
      console.error(
        `check:contract: --base is gone: the baseline is the last release, ${path.relative(REPO_ROOT, RELEASED_PATH)} (npm run contract:release)\n\n${USAGE}`,
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
const rel = (file) => path.relative(REPO_ROOT, file);
const results = [];

async function step(name, run) {
  let result;
  try {
    result = await run();
  } catch (error) {
    result = { ok: false, problems: [error instanceof Error ? error.message : String(error)] };
    result.summary = result.problems[0].split('\n')[0];
  }
  console.log(`${result.ok ? '✔' : '✖'} ${name}: ${result.summary}`);
  for (const problem of result.problems) console.log(`  ✖ ${problem.replaceAll('\n', '\n    ')}`);
  for (const note of result.notes ?? []) console.log(`  ${note.replaceAll('\n', '\n    ')}`);
  results.push(result.ok);
}

if (!fs.existsSync(DOC_PATH)) {
  console.error(`✖ ${rel(DOC_PATH)} does not exist`);
  process.exit(1);
}

await step('hash', () => {
  const result = checkStampedHash(fs.readFileSync(DOC_PATH, 'utf8'));
  return {
    ...result,
    summary: result.ok ? `stamped hash is current (${result.computed})` : 'stamped hash is stale',
  };
});

await step('generated', async () => {
  const result = await checkGenerated({ docPath: DOC_PATH, outDir: GENERATED_DIR });
  return {
    ...result,
    summary: result.ok
      ? `${rel(GENERATED_DIR)}/ matches the document (${result.files.join(', ')})`
      : `${result.problems.length} file(s) in ${rel(GENERATED_DIR)}/ out of date`,
  };
});

await step('spectral', () => {
  const result = runSpectral({ docPath: DOC_PATH, ruleset: SPECTRAL_RULESET });
  if (result.ok && result.warnings.length > 0) {
    const byCode = {};
    for (const w of result.warnings) byCode[w.code] = (byCode[w.code] ?? 0) + 1;
    const list = Object.entries(byCode)
      .map(([code, n]) => `${code} ×${n}`)
      .join(', ');
    result.notes = [`non-failing: ${list}`];
  }
  return {
    ...result,
    summary: `${result.errors.length} error(s), ${result.warnings.length} warning(s)/hint(s) with ${rel(SPECTRAL_RULESET)}`,
  };
});

// openapi/PROPOSALS.md and openapi/spec-only.yaml are what the x-spec-gap marks give.
await step('proposals', () => checkSpecGapFiles(DOC_PATH));

await step('breaking changes', () =>
  checkAgainstRelease({ docPath: DOC_PATH, releasedPath: RELEASED_PATH, verbose: options.verbose }),
);

await step('console usage', () => checkUsage());

const failed = results.filter((ok) => !ok).length;
if (failed > 0) {
  console.error(`check:contract failed: ${failed} of ${results.length} checks failed`);
  process.exit(1);
}
console.log(`check:contract passed: ${results.length} checks`);
