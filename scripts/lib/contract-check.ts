// The checks of `npm run check:contract`, in order, one result each: the stamped hash, generated/,
// Spectral, the files from the x-spec-gap marks, breaking changes against the release baseline, and
// openapi/CONSOLE-USAGE.md. The command prints them as they come (scripts/check-contract.ts); the
// tool tests run the ones a change can affect in-process, in other repositories. The generated/
// and usage checks load their modules (openapi-typescript, the TypeScript compiler: about 2 s of
// CPU) only when they run, so that `--only breaking-changes` starts in about a second.
import fs from 'node:fs';
import path from 'node:path';
import { RELEASED_PATH, checkAgainstRelease, releasedLine } from './contract-release';
import { type CheckResult, checkStampedHash } from './contract-staleness';
import { DOC_PATH, GENERATED_DIR, REPO_ROOT, SPECTRAL_RULESET, repoPath } from './paths';
import { checkSpecGapFiles } from './spec-gaps';
import { runSpectral } from './spectral';

export const CHECKS = [
  'hash',
  'generated',
  'spectral',
  'proposals',
  'breaking changes',
  'console usage',
] as const;
export type CheckName = (typeof CHECKS)[number];

export type Check = CheckResult & { name: CheckName; summary: string };

export interface CheckOptions {
  docPath?: string;
  outDir?: string;
  releasedPath?: string;
  /** The repository the files are in (messages name them relative to it) */
  root?: string;
  /** List the compatible changes too */
  verbose?: boolean;
  /** Only these checks (the console usage check reads this checkout's src/ only) */
  only?: readonly CheckName[];
}

async function runCheck(name: CheckName, options: Required<Omit<CheckOptions, 'only'>>) {
  const { docPath, outDir, releasedPath, root, verbose } = options;
  const rel = (file: string) => repoPath(file, root);
  switch (name) {
    case 'hash': {
      const result = checkStampedHash(fs.readFileSync(docPath, 'utf8'), releasedLine(releasedPath));
      return {
        ...result,
        summary: result.ok
          ? `stamped hash is current (${result.computed}, the line hash: npm run contract:hash)`
          : 'stamped hash is stale',
      };
    }
    case 'generated': {
      const { checkGenerated } = await import('./contract-generate');
      const result = await checkGenerated({ docPath, outDir, releasedPath });
      return {
        ...result,
        summary: result.ok
          ? `${rel(outDir)}/ matches the document (${result.files.join(', ')})`
          : `${result.problems.length} file(s) in ${rel(outDir)}/ out of date`,
      };
    }
    case 'spectral': {
      const ruleset = path.join(root, path.basename(SPECTRAL_RULESET));
      const result = runSpectral({ docPath, ruleset });
      const notes: string[] = [];
      if (result.ok && result.warnings.length > 0) {
        const byCode = new Map<string, number>();
        for (const w of result.warnings) {
          byCode.set(String(w.code), (byCode.get(String(w.code)) ?? 0) + 1);
        }
        notes.push(`non-failing: ${[...byCode].map(([code, n]) => `${code} ×${n}`).join(', ')}`);
      }
      return {
        ...result,
        notes,
        summary: `${result.errors.length} error(s), ${result.warnings.length} warning(s)/hint(s) with ${rel(ruleset)}`,
      };
    }
    case 'proposals':
      // openapi/PROPOSALS.md and openapi/spec-only.yaml are what the x-spec-gap marks give.
      return { summary: '', ...checkSpecGapFiles(docPath) };
    case 'breaking changes':
      return checkAgainstRelease({ docPath, releasedPath, verbose, root });
    case 'console usage': {
      const { checkUsage } = await import('./console-usage');
      return { summary: '', ...checkUsage() };
    }
  }
}

/** The checks, one at a time; a check that throws is a failed check with its message. */
export async function* contractChecks(options: CheckOptions = {}): AsyncGenerator<Check> {
  const full = {
    docPath: options.docPath ?? DOC_PATH,
    outDir: options.outDir ?? GENERATED_DIR,
    releasedPath: options.releasedPath ?? RELEASED_PATH,
    root: options.root ?? REPO_ROOT,
    verbose: options.verbose ?? false,
  };
  for (const name of CHECKS) {
    if (options.only && !options.only.includes(name)) continue;
    try {
      yield { name, ...(await runCheck(name, full)) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      yield { name, ok: false, problems: [message], summary: message.split('\n')[0]! };
    }
  }
}

/** The lines check:contract prints for one check. */
export function checkLines(check: Check): string[] {
  return [
    `${check.ok ? '✔' : '✖'} ${check.name}: ${check.summary}`,
    ...check.problems.map((problem) => `  ✖ ${problem.replaceAll('\n', '\n    ')}`),
    ...(check.notes ?? []).map((note) => `  ${note.replaceAll('\n', '\n    ')}`),
  ];
}
