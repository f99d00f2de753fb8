// The breaking-change gate needs no git history: `npm run check:contract` in temporary repositories
// (the project's scripts with a small contract) fails a breaking change without a raised major
// version on main, in a one-commit detached clone and on a branch, and passes once the major version
// is raised and after `npm run contract:release`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(here, '..', '..');
const fixture = fs.readFileSync(path.join(ROOT, 'tests', 'unit', 'fixtures', 'mini.yaml'), 'utf8');
const DOC = path.join('openapi', 'openapi.yaml');
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  CONTRACT_VERBOSE: '',
};

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  expect(run.status, `git ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return run.stdout.trim();
}

/** Runs one of the repository's scripts inside `repo` (as `npm run` would): exit code and output. */
function script(repo: string, name: string, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repo, 'scripts', name), ...args],
    {
      cwd: repo,
      env,
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
const check = (repo: string) => script(repo, 'check-contract.ts');
/**
 * Only the check these cases are about (the release baseline; it reads no git history): the other
 * five run, and pass, in the full checks of a clone of main and after a major release.
 */
const checkBreaking = (repo: string) =>
  script(repo, 'check-contract.ts', '--only', 'breaking-changes');

const removeIsAdmin = (text: string) => {
  const out = text
    .replace('required: [id, email, isAdmin]', 'required: [id, email]')
    .replace('        isAdmin: { type: boolean }\n', '')
    .replace('                    isAdmin: true\n', '');
  expect(out).not.toContain('isAdmin');
  return out;
};
const setVersion = (repo: string, from: string, to: string) => {
  const file = path.join(repo, DOC);
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(`version: ${from}\n`);
  fs.writeFileSync(file, text.replace(`version: ${from}\n`, `version: ${to}\n`));
};
const FINDING =
  /✖ components\.schemas\.User: property 'isAdmin' removed \[response-property-removed\] \(openapi\/openapi\.yaml:\d+\)\n {6}in GET \/user\/\{userId\} \(getUser\) response 200 application\/json \$\.isAdmin/;
const FAILED =
  /✖ breaking changes: 1 breaking change\(s\) against release 1\.2\.0 \(openapi\/released\.json\) without a raised major version \(info\.version 1\.2\.0 → 1\.2\.0\)/;

let root: string;
let origin: string;

/** A clone with the project's node_modules linked in (it is not in git). */
function clone(name: string, ...args: string[]): string {
  const target = path.join(root, name);
  git(root, 'clone', '-q', ...args, `file://${origin}`, target);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(target, 'node_modules'));
  return target;
}
function commitAll(repo: string, message: string) {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
}
function generate(repo: string) {
  const run = script(repo, 'generate.ts');
  expect(run.status, run.output).toBe(0);
}

/** The contract and what generation wrote from it (openapi/, generated/), by path. */
function snapshotFiles(repo: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ['openapi', 'generated']) {
    for (const name of fs.readdirSync(path.join(repo, dir))) {
      files.set(path.join(dir, name), fs.readFileSync(path.join(repo, dir, name), 'utf8'));
    }
  }
  return files;
}
function restoreFiles(repo: string, files: Map<string, string>) {
  for (const [name, content] of files) fs.writeFileSync(path.join(repo, name), content);
}

// origin: the project's scripts with the small contract, released as 1.2.0 on main; then a
// breaking commit on main (the way work lands here) and the same edit on branch "breaking", made
// from the release commit.
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-gate-'));
  origin = path.join(root, 'origin');
  fs.mkdirSync(path.join(origin, 'openapi'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'scripts'), path.join(origin, 'scripts'), { recursive: true });
  for (const file of [
    '.spectral.yaml',
    'package.json',
    'tsconfig.json',
    'tsconfig.app.json',
    'tsconfig.node.json',
  ]) {
    fs.copyFileSync(path.join(ROOT, file), path.join(origin, file));
  }
  // Console code that calls nothing: its usage list (npm run contract:usage) is checked too.
  fs.mkdirSync(path.join(origin, 'src'));
  fs.writeFileSync(path.join(origin, 'src', 'main.ts'), 'export const calls = 0;\n');
  fs.writeFileSync(path.join(origin, '.gitignore'), 'node_modules\n');
  fs.writeFileSync(path.join(origin, DOC), fixture);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(origin, 'node_modules'));
  git(origin, 'init', '-q', '-b', 'main');
  generate(origin);
  const usage = script(origin, 'contract-usage.ts');
  expect(usage.status, usage.output).toBe(0);
  const release = script(origin, 'contract-release.ts');
  expect(release.status, release.output).toBe(0);
  expect(release.output).toMatch(
    /released 1\.2\.0 \(openapi-hash [0-9a-f]{64}\) into openapi\/released\.json/,
  );
  commitAll(origin, 'contract 1.2.0, released');
  git(origin, 'branch', 'breaking');
  fs.writeFileSync(
    path.join(origin, DOC),
    removeIsAdmin(fs.readFileSync(path.join(origin, DOC), 'utf8')),
  );
  generate(origin);
  commitAll(origin, 'remove isAdmin');
  // The same edit on the branch: the same document gives the same generated files, so they are
  // carried over rather than generated a third time.
  const edited = snapshotFiles(origin);
  git(origin, 'checkout', '-q', 'breaking');
  restoreFiles(origin, edited);
  commitAll(origin, 'remove isAdmin on a branch');
  git(origin, 'checkout', '-q', 'main');
}, 600_000); // five script runs; a shared 2-core machine can be slow

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a breaking change without a raised major version fails check:contract', () => {
  it('on main, where the commit landed (a full clone)', () => {
    const repo = clone('main-full');
    expect(git(repo, 'branch', '--show-current')).toBe('main');
    const { status, output } = check(repo);
    expect(status, output).toBe(1);
    expect(output).toMatch(FAILED);
    expect(output).toMatch(FINDING);
    expect(output).toContain('check:contract failed: 1 of 6 checks failed');
  });

  it('in a one-commit clone of main with a detached HEAD (as CI fetches it)', () => {
    const repo = clone('main-depth1', '--depth', '1');
    git(repo, 'checkout', '-q', '--detach');
    expect(git(repo, 'rev-parse', '--is-shallow-repository')).toBe('true');
    expect(git(repo, 'rev-list', '--count', 'HEAD')).toBe('1');
    const { status, output } = checkBreaking(repo);
    expect(status, output).toBe(1);
    expect(output).toMatch(FAILED);
    expect(output).toMatch(FINDING);
  });

  it('on a branch (a one-commit clone of the branch alone)', () => {
    const repo = clone('branch', '--depth', '1', '--branch', 'breaking');
    expect(git(repo, 'branch', '--show-current')).toBe('breaking');
    const { status, output } = checkBreaking(repo);
    expect(status, output).toBe(1);
    expect(output).toMatch(FINDING);
  });
});

describe('raising the major version, then releasing', () => {
  it('passes with a raised major version; contract:release makes it the baseline for what follows', () => {
    const repo = clone('release', '--depth', '1');
    // A minor version is not enough.
    setVersion(repo, '1.2.0', '1.3.0');
    generate(repo);
    expect(checkBreaking(repo).status).toBe(1);

    setVersion(repo, '1.3.0', '2.0.0');
    generate(repo);
    const raised = checkBreaking(repo);
    expect(raised.status, raised.output).toBe(0);
    expect(raised.output).toMatch(
      /✔ breaking changes: 1 breaking change\(s\) against release 1\.2\.0 \(openapi\/released\.json\), allowed: the major version is raised \(info\.version 1\.2\.0 → 2\.0\.0\)/,
    );
    expect(raised.output).toMatch(
      /Breaking changes, allowed by the raised major version:\n\s+components\.schemas\.User: property 'isAdmin' removed/,
    );

    const release = script(repo, 'contract-release.ts');
    expect(release.status, release.output).toBe(0);
    expect(release.output).toMatch(/released 2\.0\.0 .* replacing 1\.2\.0/);
    const released = checkBreaking(repo);
    expect(released.status, released.output).toBe(0);
    expect(released.output).toContain(
      '✔ breaking changes: the document is release 2.0.0 (openapi/released.json)',
    );

    // The next breaking change is measured against 2.0.0.
    const file = path.join(repo, DOC);
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace(
          '        email: { type: string, format: email, maxLength: 128 }',
          '        email: { type: string, format: email, maxLength: 256 }',
        ),
    );
    generate(repo);
    const next = checkBreaking(repo);
    expect(next.status, next.output).toBe(1);
    expect(next.output).toMatch(
      /against release 2\.0\.0 .*\n\s+✖ components\.schemas\.User\.properties\.email: maxLength 128 → 256 \[response-maxLength\]/,
    );
  });

  it('contract:release refuses a breaking change without --bump major, and a changed contract without a raised version', () => {
    const repo = clone('refuse', '--depth', '1');
    const minor = script(repo, 'contract-release.ts', '--bump', 'minor');
    expect(minor.status).toBe(1);
    expect(minor.output).toMatch(
      /1 breaking change\(s\) since release 1\.2\.0 need a major release: npm run contract:release -- --bump major \(2\.0\.0\)/,
    );
    // Nothing was written.
    expect(git(repo, 'status', '--porcelain')).toBe('');
    const major = script(repo, 'contract-release.ts', '--bump', 'major');
    expect(major.status, major.output).toBe(0);
    expect(major.output).toMatch(/info\.version 1\.2\.0 → 2\.0\.0/);
    expect(major.output).toMatch(/released 2\.0\.0/);
    const afterMajor = check(repo);
    expect(afterMajor.status, afterMajor.output).toBe(0);

    // A compatible change still needs a new version to be released.
    const compatible = clone('compatible', '--depth', '2');
    git(compatible, 'reset', '-q', '--hard', 'HEAD~1');
    const file = path.join(compatible, DOC);
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace(
          '        isAdmin: { type: boolean }\n',
          '        isAdmin: { type: boolean }\n        nickname: { type: string }\n',
        ),
    );
    generate(compatible);
    expect(checkBreaking(compatible).status).toBe(0);
    const same = script(compatible, 'contract-release.ts');
    expect(same.status).toBe(1);
    expect(same.output).toMatch(
      /the contract changed since release 1\.2\.0 but info\.version did not: run npm run contract:release -- --bump minor \(1\.3\.0\)/,
    );
  });
});
