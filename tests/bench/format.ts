// How the bench prints its figures.

export const ms = (value: number): string => `${Math.round(value)} ms`;
export const ratio = (app: number, floor: number): string =>
  floor > 0 ? `${(app / floor).toFixed(2)}x` : 'n/a';
export const MB = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A markdown table with aligned columns. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    `| ${cells.map((c, i) => String(c).padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(headers),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/** Growth per 10x devices between consecutive sizes: 10 is linear, 1 is flat, 100 quadratic. */
export function growth(sizes: readonly number[], values: readonly number[]): string {
  const steps: string[] = [];
  for (let i = 1; i < sizes.length; i += 1) {
    const factor = values[i]! / values[i - 1]!;
    const per10 = factor ** (1 / Math.log10(sizes[i]! / sizes[i - 1]!));
    steps.push(
      `${sizes[i - 1]}->${sizes[i]}: x${factor.toFixed(2)} (x${per10.toFixed(2)} per 10x)`,
    );
  }
  return steps.join('; ');
}
