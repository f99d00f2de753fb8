// npm run check:contract: fails when the stamped hash or generated/ is stale, when Spectral finds an
// error, or when Optic finds a breaking change without a raised major info.version.
import fs from 'node:fs';
import path from 'node:path';
import {
  DOC_PATH,
  GENERATED_DIR,
  REPO_ROOT,
  SPECTRAL_RULESET,
  checkBreaking,
  checkGenerated,
  checkStampedHash,
  runSpectral,
} from './lib/contract.mjs';

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
  for (const note of result.notes ?? []) console.log(`  ${note}`);
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

await step('breaking changes', () => checkBreaking({ docPath: DOC_PATH }));

const failed = results.filter((ok) => !ok).length;
if (failed > 0) {
  console.error(`check:contract failed: ${failed} of ${results.length} checks failed`);
  process.exit(1);
}
console.log(`check:contract passed: ${results.length} checks`);
