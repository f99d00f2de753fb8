// The breaking-change gate needs no git history: `npm run check:contract` in a one-commit clone with
// a detached HEAD, as CI fetches it (the project's scripts with a small contract), fails a breaking
// change without a raised major version, and passes once the major version is raised and after
// `npm run contract:release`. The check reads the release baseline from the files, never git, so one
// clone shape is enough: the one with the least history.
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
 * Only the check these cases are about (the release baseline): the other five run, and pass, in
 * the first case's full checks and after a major release.
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

/**
 * A one-commit clone of `ref` with a detached HEAD, as CI fetches a commit, with the project's
 * node_modules linked in (it is not in git).
 */
function clone(name: string, ref = 'main'): string {
  const target = path.join(root, name);
  git(root, 'clone', '-q', '--depth', '1', '--branch', ref, `file://${origin}`, target);
  git(target, 'checkout', '-q', '--detach');
  expect(git(target, 'rev-list', '--count', 'HEAD')).toBe('1');
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

// origin: the project's scripts with the small contract, released as 1.2.0 on main (tag
// "released"); then a breaking commit on main.
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
  git(origin, 'tag', 'released');
  fs.writeFileSync(
    path.join(origin, DOC),
    removeIsAdmin(fs.readFileSync(path.join(origin, DOC), 'utf8')),
  );
  generate(origin);
  commitAll(origin, 'remove isAdmin');
}, 600_000); // four script runs; a shared 2-core machine can be slow

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

it('a breaking change without a raised major version fails check:contract, with no history to read', () => {
  const repo = clone('breaking');
  expect(git(repo, 'rev-parse', '--is-shallow-repository')).toBe('true');
  const { status, output } = check(repo);
  expect(status, output).toBe(1);
  expect(output).toMatch(FAILED);
  expect(output).toMatch(FINDING);
  expect(output).toContain('check:contract failed: 1 of 6 checks failed');
});

describe('raising the major version, then releasing', () => {
  it('passes with a raised major version; contract:release makes it the baseline for what follows', () => {
    const repo = clone('release');
    // A minor version is not enough. (The breaking-changes check reads only the document and the
    // release baseline: no generate before it, only before contract:release, which wants generated/.)
    setVersion(repo, '1.2.0', '1.3.0');
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
    const next = checkBreaking(repo);
    expect(next.status, next.output).toBe(1);
    expect(next.output).toMatch(
      /against release 2\.0\.0 .*\n\s+✖ components\.schemas\.User\.properties\.email: maxLength 128 → 256 \[response-maxLength\]/,
    );
  });

  it('contract:release refuses a breaking change without --bump major, and a changed contract without a raised version', () => {
    const repo = clone('refuse');
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
    const compatible = clone('compatible', 'released');
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
