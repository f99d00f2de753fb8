// Check (c) of `npm run check:contract`: Spectral (its CLI, --fail-severity error) with our ruleset
// (.spectral.yaml: spectral:oas plus the house's rules).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { CheckResult } from './contract-staleness';
import { DOC_PATH, REPO_ROOT, SPECTRAL_RULESET, bin } from './paths';

const SEVERITY = ['error', 'warning', 'info', 'hint'];

export interface SpectralResult {
  code: string | number;
  message: string;
  path: (string | number)[];
  severity: number;
  source?: string;
  range?: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export function runSpectral({
  docPath = DOC_PATH,
  ruleset = SPECTRAL_RULESET,
}: { docPath?: string; ruleset?: string } = {}): CheckResult & {
  errors: SpectralResult[];
  warnings: SpectralResult[];
  lines?: string[];
} {
  const run = spawnSync(
    process.execPath,
    [
      bin('spectral'),
      'lint',
      docPath,
      '--ruleset',
      ruleset,
      '--fail-severity',
      'error',
      '--format',
      'json',
      '--quiet',
    ],
    { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  let results: SpectralResult[];
  try {
    results = JSON.parse(run.stdout) as SpectralResult[];
  } catch {
    return {
      ok: false,
      errors: [],
      warnings: [],
      problems: [
        `Spectral did not run (exit ${run.status ?? run.signal}): ${(run.stderr || run.stdout || String(run.error)).trim()}`,
      ],
    };
  }
  const line = (r: SpectralResult) => {
    const where = r.range ? `${r.range.start.line + 1}:${r.range.start.character + 1}` : '?';
    const file = path.relative(REPO_ROOT, r.source || docPath) || docPath;
    return `${file}:${where} ${SEVERITY[r.severity] ?? r.severity} ${r.code}: ${r.message} (at ${r.path.join('.') || '$'})`;
  };
  const errors = results.filter((r) => r.severity === 0);
  const warnings = results.filter((r) => r.severity !== 0);
  const problems = errors.map(line);
  if (run.status !== 0 && errors.length === 0) {
    problems.push(`Spectral exited with ${run.status}: ${(run.stderr || '').trim()}`);
  }
  return { ok: problems.length === 0, errors, warnings, problems, lines: results.map(line) };
}
