// The staleness checks of `npm run check:contract`: the stamped hash is the computed one, and every
// file written from the contract (generated/, openapi/PROPOSALS.md, openapi/spec-only.yaml,
// openapi/CONSOLE-USAGE.md) holds what its generator writes; a stale file is shown as a diff. And
// the generators' side of it: a file is written only when its content changes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ContractLine, HASH_PATH_TEXT, lineHash, readStampedHash } from './contract-hash';
import { repoPath } from './paths';

/** What each step of check:contract gives back. */
export interface CheckResult {
  ok: boolean;
  problems: string[];
  summary?: string;
  notes?: string[];
}

/**
 * Check (a): the stamped hash is the document's line hash (contract-hash.ts lineHash): its computed
 * hash, or the released line's when `released` (the last release's line) is of the same major.
 */
export function checkStampedHash(
  yamlText: string,
  released?: ContractLine,
): CheckResult & { computed: string; stamped: unknown } {
  const computed = lineHash(yamlText, released);
  const stamped = readStampedHash(yamlText);
  if (stamped === computed) return { ok: true, computed, stamped, problems: [] };
  const shown = typeof stamped === 'string' ? stamped : `${JSON.stringify(stamped)} (not a string)`;
  return {
    ok: false,
    computed,
    stamped,
    problems: [
      `${HASH_PATH_TEXT} is stale: stamped ${shown}, computed ${computed}. Run npm run generate.`,
    ],
  };
}

/** Lines of a diff shown per stale file; the rest is counted. */
export const DIFF_LINES = 40;

/**
 * A unified diff (git diff --no-index) from `actual` (the file on disk) to `expected` (what
 * generation writes), labelled with `name`; at most `maxLines` lines, the rest counted.
 */
export function unifiedDiff(
  name: string,
  actual: string,
  expected: string,
  maxLines = DIFF_LINES,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-diff-'));
  try {
    fs.mkdirSync(path.join(dir, 'a'));
    fs.mkdirSync(path.join(dir, 'b'));
    fs.writeFileSync(path.join(dir, 'a', 'file'), actual);
    fs.writeFileSync(path.join(dir, 'b', 'file'), expected);
    const run = spawnSync(
      'git',
      ['diff', '--no-index', '--no-color', '--unified=2', '--', 'a/file', 'b/file'],
      { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    if (run.error || (run.status !== 0 && run.status !== 1)) return '(no diff: git diff failed)';
    const lines = run.stdout
      .split('\n')
      .filter((line) => !/^(diff --git|index |--- |\+\+\+ )/.test(line))
      .filter((line, i, all) => line !== '' || i < all.length - 1);
    const head = [`--- ${name} (on disk)`, `+++ ${name} (npm run generate)`];
    if (lines.length <= maxLines) return [...head, ...lines].join('\n');
    return [
      ...head,
      ...lines.slice(0, maxLines),
      `... ${lines.length - maxLines} more diff line(s)`,
    ].join('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Each file of `expected` (absolute path → content) exists and holds exactly that content: one
 * problem per missing or stale file (with its diff). `fix` names the command that writes them.
 */
export function compareFiles(expected: Record<string, string>, fix = 'npm run generate'): string[] {
  const problems: string[] = [];
  for (const [file, content] of Object.entries(expected)) {
    const name = repoPath(file);
    if (!fs.existsSync(file)) {
      problems.push(`${name} is missing. Run ${fix}.`);
      continue;
    }
    const actual = fs.readFileSync(file, 'utf8');
    if (actual !== content) {
      problems.push(
        `${name} is stale or edited by hand. Run ${fix}.\n${unifiedDiff(name, actual, content)}`,
      );
    }
  }
  return problems;
}

/** Writes `content` unless the file already holds it; true when written. */
export function writeIfChanged(file: string, content: string): boolean {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return false;
  fs.writeFileSync(file, content);
  return true;
}
