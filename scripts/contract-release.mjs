// npm run contract:release [-- --bump major|minor|patch]
// Makes the current document the release baseline: writes openapi/released.json (its wire contract,
// version and hash), which npm run check:contract compares every later document with. Run it when
// the backend ships the contract. --bump raises info.version from the released one first (and runs
// npm run generate, since the version is part of the hash).
import fs from 'node:fs';
import path from 'node:path';
import {
  DOC_PATH,
  GENERATED_DIR,
  REPO_ROOT,
  checkGenerated,
  checkStampedHash,
  generate,
} from './lib/contract.mjs';
import { diffContracts, groupFindings } from './lib/contract-diff.mjs';
import { writeSpecGapFiles } from './lib/spec-gaps.mjs';
import {
  RELEASED_PATH,
  bumpVersion,
  checkAgainstRelease,
  compareVersions,
  parseVersion,
  readSnapshot,
  renderSnapshot,
  setVersion,
  snapshotOf,
  wireOf,
} from './lib/contract-release.mjs';

const USAGE = `usage: npm run contract:release [-- --bump major|minor|patch]
  --bump LEVEL  raise info.version from the released version first (major for breaking changes),
                then npm run generate; without it, info.version must already be raised`;

function fail(message, code = 1) {
  console.error(`contract:release: ${message}`);
  process.exit(code);
}

const options = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 1) {
  const [flag, inline] = argv[i].split(/=(.*)/s, 2);
  if (flag === '--help' || flag === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (flag === '--bump') {
    options.bump = inline ?? argv[(i += 1)];
    if (!['major', 'minor', 'patch'].includes(options.bump)) {
      fail(`--bump takes major, minor or patch\n\n${USAGE}`, 2);
    }
  } else fail(`unknown argument ${argv[i]}\n\n${USAGE}`, 2);
}

const rel = (file) => path.relative(REPO_ROOT, file);
const read = readSnapshot(RELEASED_PATH);
if (read.error && !read.missing) fail(read.error);
const previous = read.snapshot;

if (options.bump) {
  const text = fs.readFileSync(DOC_PATH, 'utf8');
  const current = snapshotOf(text).version;
  if (!parseVersion(current))
    fail(`info.version ${JSON.stringify(current)} is not MAJOR.MINOR.PATCH`);
  const next = bumpVersion(previous?.version ?? current, options.bump);
  if (compareVersions(current, next) > 0) {
    fail(
      `info.version is already ${current}, higher than --bump ${options.bump} gives (${next}): release without --bump`,
    );
  }
  if (previous) {
    // Refuse before anything is written: a breaking change needs a major release.
    const breaking = groupFindings(diffContracts(previous.contract, wireOf(text))).filter(
      (group) => group.breaking,
    );
    if (breaking.length > 0 && parseVersion(next).major <= parseVersion(previous.version).major) {
      fail(
        `${breaking.length} breaking change(s) since release ${previous.version} need a major release: npm run contract:release -- --bump major (${bumpVersion(previous.version, 'major')}); npm run check:contract lists them`,
      );
    }
  }
  if (current !== next) {
    fs.writeFileSync(DOC_PATH, setVersion(text, next));
    const { written } = await generate({ docPath: DOC_PATH, outDir: GENERATED_DIR });
    // As npm run generate does: the proposals and the SPEC-only contract carry the version too.
    written.push(...writeSpecGapFiles(DOC_PATH));
    console.log(
      `contract:release: info.version ${current} → ${next}; wrote ${written.map(rel).join(', ')}`,
    );
  }
}

const text = fs.readFileSync(DOC_PATH, 'utf8');
const stale = [
  ...checkStampedHash(text).problems,
  ...(await checkGenerated({ docPath: DOC_PATH, outDir: GENERATED_DIR })).problems,
];
if (stale.length > 0) {
  fail(
    `the document and generated/ are not current: run npm run generate first\n${stale.map((p) => `  ✖ ${p.split('\n')[0]}`).join('\n')}`,
  );
}
const snapshot = snapshotOf(text);

if (previous) {
  if (previous.hash === snapshot.hash) {
    console.log(
      `contract:release: nothing to release: ${rel(DOC_PATH)} is release ${previous.version} (hash ${previous.hash})`,
    );
    process.exit(0);
  }
  const check = checkAgainstRelease({
    docPath: DOC_PATH,
    releasedPath: RELEASED_PATH,
    verbose: true,
  });
  if (!check.ok) {
    const hint =
      check.breaking?.length > 0
        ? `\nA breaking change needs a major release: npm run contract:release -- --bump major (${bumpVersion(previous.version, 'major')}).`
        : '';
    fail(
      `${check.summary}\n${check.problems.map((p) => `  ✖ ${p.replaceAll('\n', '\n    ')}`).join('\n')}${hint}`,
    );
  }
  if (compareVersions(snapshot.version, previous.version) <= 0) {
    const level = check.breaking.length > 0 ? 'major' : 'minor';
    fail(
      `the contract changed since release ${previous.version} but info.version did not: run npm run contract:release -- --bump ${level} (${bumpVersion(previous.version, level)})`,
    );
  }
  console.log(`contract:release: changes since release ${previous.version}:`);
  for (const note of check.notes.filter((text) => !text.startsWith('Unreleased:'))) {
    console.log(`  ${note.replaceAll('\n', '\n    ')}`);
  }
}

fs.writeFileSync(RELEASED_PATH, renderSnapshot(snapshot));
console.log(
  `contract:release: released ${snapshot.version} (openapi-hash ${snapshot.hash}) into ${rel(RELEASED_PATH)}` +
    `${previous ? `, replacing ${previous.version}` : ''}. Commit it with ${rel(DOC_PATH)} and ${rel(GENERATED_DIR)}/.`,
);
