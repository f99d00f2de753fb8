// @vitest-environment node
// The baseline of the breaking-change check (scripts/lib/contract.mjs findBaseline/checkBreaking)
// in temporary git repositories: the merge base with main, never "the previous commit", and a
// clear failure instead of a silent skip when no baseline can be found (shallow clones included).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_BASELINE,
  checkBreaking,
  checkGenerated,
  findBaseline,
  generate,
  parseOpticFindings,
  summariseOpticFindings,
  unifiedDiff,
} from '../../scripts/lib/contract.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = fs.readFileSync(path.join(here, 'fixtures', 'mini.yaml'), 'utf8');
const DOC = 'openapi/openapi.yaml';
const SLOW = 120_000;
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  CONTRACT_BASE: '',
};

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  expect(run.status, `git ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return run.stdout.trim();
}

const removeIsAdmin = (text: string) =>
  text
    .replace('required: [id, email, isAdmin]', 'required: [id, email]')
    .replace('        isAdmin: { type: boolean }\n', '')
    .replace('                    isAdmin: true\n', '');
const reword = (text: string) => text.replace('Returns one user.', 'Returns the user.');

let root: string;
let origin: string;
const clones: string[] = [];

/** A fresh directory under the test's root. */
function dir(name: string): string {
  const made = path.join(root, name);
  fs.mkdirSync(made, { recursive: true });
  return made;
}
function write(repo: string, text: string) {
  fs.mkdirSync(path.join(repo, 'openapi'), { recursive: true });
  fs.writeFileSync(path.join(repo, DOC), text);
}
function commit(repo: string, message: string) {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
}
function clone(name: string, ...args: string[]): string {
  const target = path.join(root, name);
  git(root, 'clone', '-q', ...args, `file://${origin}`, target);
  clones.push(target);
  return target;
}
const docIn = (repo: string) => path.join(repo, DOC);

// origin: main has the fixture (and a later, unrelated commit); branch "breaking" removes a
// response property, then commits a description-only edit on top (the two-commit escape).
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-drift-'));
  origin = dir('origin');
  git(origin, 'init', '-q', '-b', 'main');
  write(origin, fixture);
  commit(origin, 'contract');
  fs.writeFileSync(path.join(origin, 'README'), 'x');
  commit(origin, 'readme');
  git(origin, 'checkout', '-q', '-b', 'breaking');
  write(origin, removeIsAdmin(fixture));
  commit(origin, 'remove isAdmin');
  write(origin, reword(removeIsAdmin(fixture)));
  commit(origin, 'reword a description');
  git(origin, 'checkout', '-q', '-b', 'compatible', 'main');
  write(origin, reword(fixture));
  commit(origin, 'reword');
  git(origin, 'checkout', '-q', 'main');
  // main moves on after the branches were made: their merge base is no longer main's tip.
  fs.writeFileSync(path.join(origin, 'README'), 'y');
  commit(origin, 'readme again');
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the baseline is the merge base with main', () => {
  it('on main itself the baseline is main (a full clone, a depth-1 clone, a detached HEAD)', () => {
    for (const [name, args] of [
      ['full', []],
      ['depth1', ['--depth', '1']],
    ] as const) {
      const repo = clone(`main-${name}`, ...args);
      const found = findBaseline({ docPath: docIn(repo) });
      expect(found.error, name).toBeUndefined();
      expect(found.text, name).toBe(fixture);
      expect(found.commit, name).toBe(git(repo, 'rev-parse', 'HEAD'));
      git(repo, 'checkout', '-q', '--detach');
      expect(findBaseline({ docPath: docIn(repo) }).text, `${name} detached`).toBe(fixture);
    }
  });

  it('a commit fetched by itself (no branch, no main ref) is taken as main, and says so', () => {
    const repo = dir('fetched-commit');
    git(repo, 'init', '-q', '-b', 'scratch');
    git(repo, 'fetch', '-q', '--depth', '1', `file://${origin}`, 'main');
    git(repo, 'checkout', '-q', '--detach', 'FETCH_HEAD');
    const found = findBaseline({ docPath: docIn(repo) });
    expect(found.text).toBe(fixture);
    expect(found.notes?.join('\n')).toMatch(/taken as a checkout of main.*CONTRACT_BASE/);
  });

  it('a branch is compared with its merge base, not with its previous commit', () => {
    const repo = clone('branch-full', '--branch', 'breaking');
    expect(git(repo, 'branch', '--show-current')).toBe('breaking');
    const found = findBaseline({ docPath: docIn(repo) });
    expect(found.text).toBe(fixture);
    expect(found.label).toMatch(
      /^merge base of HEAD and origin\/main \([0-9a-f]{12}\):openapi\/openapi\.yaml$/,
    );
  });

  it(
    'a breaking commit followed by a documentation commit fails, one line per finding',
    () => {
      const repo = clone('branch-check', '--branch', 'breaking');
      const result = checkBreaking({ docPath: docIn(repo) });
      expect(result.ok).toBe(false);
      const report = result.problems.join('\n');
      expect(report).toMatch(
        /^GET \/user\/\{userId\} · response 200 › body application\/json › property \/schema\/properties\/isAdmin removed: cannot remove response property 'isAdmin' \[prevent removing response property\] \([0-9a-f]{12}:openapi\/openapi\.yaml:95\)$/m,
      );
      expect(report).not.toMatch(/tmp|optic-|--web/);
      expect(result.output).toContain('prevent removing response property');
    },
    SLOW,
  );

  it('a compatible branch is compared with its merge base too', () => {
    const repo = clone('compatible', '--branch', 'compatible');
    const found = findBaseline({ docPath: docIn(repo) });
    expect(found.text).toBe(fixture);
    expect(found.label).toMatch(/^merge base of HEAD and origin\/main/);
  });

  it('uncommitted edits count: the working copy is compared, not HEAD', () => {
    const repo = clone('dirty');
    write(repo, removeIsAdmin(fixture));
    const found = findBaseline({ docPath: docIn(repo) });
    expect(found.text).toBe(fixture);
  });

  it('CONTRACT_BASE / --base names another base; an unknown one fails', () => {
    const repo = clone('override', '--branch', 'breaking');
    const parent = git(repo, 'rev-parse', 'HEAD~1');
    const found = findBaseline({ docPath: docIn(repo), base: 'HEAD~1' });
    expect(found.commit).toBe(parent);
    expect(found.text).toBe(removeIsAdmin(fixture));
    const missing = findBaseline({ docPath: docIn(repo), base: 'origin/nope' });
    expect(missing.error).toMatch(
      /"origin\/nope" \(from --base or CONTRACT_BASE\) names no commit/,
    );
  });

  it('a new document (absent at the baseline) has nothing to compare and passes', () => {
    const repo = dir('new-doc');
    git(repo, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(repo, 'README'), 'x');
    commit(repo, 'first');
    git(repo, 'checkout', '-q', '-b', 'add-contract');
    write(repo, fixture);
    commit(repo, 'contract');
    const found = findBaseline({ docPath: docIn(repo) });
    expect(found.absent).toBe(true);
    expect(checkBreaking({ docPath: docIn(repo), baseline: found }).ok).toBe(true);
  });
});

describe('no baseline fails clearly, never passes silently', () => {
  it(
    'a depth-1 clone of a branch (no main) fails and says how to fetch it',
    () => {
      const repo = clone('branch-depth1', '--depth', '1', '--branch', 'breaking');
      const result = checkBreaking({ docPath: docIn(repo) });
      expect(result.ok).toBe(false);
      const text = result.problems.join('\n');
      expect(result.summary).toBe(NO_BASELINE);
      expect(text).toMatch(/no baseline for branch breaking: this clone has no main branch/);
      expect(text).toMatch(/shallow clone.*\n\s+git fetch --unshallow origin/);
      expect(text).toMatch(/CONTRACT_BASE=<ref> or --base <ref>/);
    },
    SLOW,
  );

  it('a depth-1 clone with main fetched but histories cut before they meet fails', () => {
    const repo = clone('both-depth1', '--depth', '1', '--no-single-branch', '--branch', 'breaking');
    git(repo, 'rev-parse', '--verify', 'origin/main');
    const found = findBaseline({ docPath: docIn(repo) });
    expect(found.error).toMatch(/no merge base of HEAD and origin\/main in this shallow clone/);
    expect(found.error).toMatch(/git fetch --unshallow origin/);
  });

  it('a named branch in a clone without main fails (not shallow: fetch main)', () => {
    const repo = dir('no-main');
    git(repo, 'init', '-q', '-b', 'topic');
    write(repo, fixture);
    commit(repo, 'contract');
    const found = findBaseline({ docPath: docIn(repo) });
    expect(found.error).toMatch(/no baseline for branch topic/);
    expect(found.error).toMatch(/git fetch origin main:refs\/remotes\/origin\/main/);
  });

  it('outside git, or before the first commit, there is no baseline', () => {
    const outside = dir('not-git');
    write(outside, fixture);
    expect(findBaseline({ docPath: docIn(outside) }).error).toMatch(/not inside a git repository/);
    const empty = dir('no-commits');
    git(empty, 'init', '-q', '-b', 'main');
    write(empty, fixture);
    expect(findBaseline({ docPath: docIn(empty) }).error).toMatch(/no commits yet/);
  });
});

describe("Optic's report, one line per finding", () => {
  const output = [
    'x Device-security management console API baseline-openapi.yaml',
    'Operations: 1 operation removed, 1 operation changed',
    'x  Checks: 0/5 passed ',
    '',
    'x GET /user/billing/manage: removed',
    '  ',
    '  x [prevent operation removal] cannot remove an operation. This is a breaking change.',
    '  at baseline-openapi.yaml:6596:289973',
    '  ',
    '  - response 200: ',
    '    x [prevent response status code removal] must not remove response status code 200. This is a breaking change.',
    '    at baseline-openapi.yaml:6603:290213',
    '    ',
    '    - body application/json: ',
    '      - property /schema/properties/url: ',
    '      ',
    "        x [prevent removing response property] cannot remove response property 'url'. This is a breaking change.",
    '        at baseline-openapi.yaml:7493:313833',
    '',
    'x GET /team/{teamId}/devices: ',
    '  - query parameter orderBy: ',
    '    - /schema/enum/12 removed',
    '    ',
    "    x [prevent query parameters enum breaking changes] cannot remove enum option 'osVersion' from query parameter 'orderBy'. This is a breaking change.",
    '    at openapi.yaml:150:4000',
    '',
    'x PATCH /device/{deviceId}/rename: ',
    '  - request body: ',
    '    - body application/json: ',
    '      - property /schema/properties/reason: added',
    '      ',
    "        x [prevent changing request property to required] cannot add a required request property 'reason' to an existing operation. This is a breaking change.",
    '        at openapi.yaml:4400:1',
    '',
    'Rerun this command with the --web flag to view the detailed changes in your browser',
  ].join('\n');

  it('names the operation, what changed and file:line; a removed operation is one line', () => {
    const findings = parseOpticFindings(output);
    expect(findings).toHaveLength(5);
    const lines = summariseOpticFindings(findings, {
      'baseline-openapi.yaml': 'main (abc):openapi/openapi.yaml',
      'openapi.yaml': 'openapi/openapi.yaml',
    });
    expect(lines).toEqual([
      'GET /user/billing/manage: operation removed: cannot remove an operation [prevent operation removal] (main (abc):openapi/openapi.yaml:6596) (+2 finding(s) about its responses and properties)',
      "GET /team/{teamId}/devices · query parameter orderBy: cannot remove enum option 'osVersion' from query parameter 'orderBy' [prevent query parameters enum breaking changes] (openapi/openapi.yaml:150)",
      "PATCH /device/{deviceId}/rename · request body › body application/json › property /schema/properties/reason added: cannot add a required request property 'reason' to an existing operation [prevent changing request property to required] (openapi/openapi.yaml:4400)",
    ]);
  });
});

describe('a stale generated/ shows the diff', () => {
  it('prints the changed lines of a hand-edited file', async () => {
    const repo = dir('generated');
    const docPath = path.join(repo, 'openapi.yaml');
    const outDir = path.join(repo, 'generated');
    fs.writeFileSync(docPath, fixture);
    await generate({ docPath, outDir });
    const file = path.join(outDir, 'openapi-hash.ts');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('OPENAPI_VERSION = "1.2.0"', 'OPENAPI_VERSION = "9.9.9"'));
    const result = await checkGenerated({ docPath, outDir });
    expect(result.ok).toBe(false);
    const report = result.problems.join('\n');
    expect(report).toMatch(/openapi-hash\.ts is stale or edited by hand/);
    expect(report).toContain('-export const OPENAPI_VERSION = "9.9.9";');
    expect(report).toContain('+export const OPENAPI_VERSION = "1.2.0";');
  });

  it('cuts a long diff and counts the rest', () => {
    const before = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const after = Array.from({ length: 100 }, (_, i) => `line ${i} changed`).join('\n');
    const diff = unifiedDiff('generated/x.ts', before, after, 10);
    expect(diff.split('\n')).toHaveLength(13);
    expect(diff).toMatch(
      /^--- generated\/x\.ts \(on disk\)\n\+\+\+ generated\/x\.ts \(npm run generate\)/,
    );
    expect(diff).toMatch(/\.\.\. \d+ more diff line\(s\)$/);
  });
});
