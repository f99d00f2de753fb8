// The README and docs/ against the repository they describe: every npm script is documented, every
// relative link leads to a file (and heading) that exists, every setting the code reads is in the
// settings documentation, and the Content-Security-Policy documented in docs/security.md is the one
// the app ships, directive by directive. Reads files only; spawns nothing.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const DOCS = readdirSync(path.join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const GUIDES = ['README.md', ...DOCS];
const ALL_TEXT = GUIDES.map(read).join('\n');

/** Every file under `dir` (relative to the root) whose name passes `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(child);
      } else if (keep(entry.name)) found.push(child);
    }
  };
  walk(dir);
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside fenced code), numbered like GitHub's. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Relative link targets of a Markdown text, outside code spans and fences. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The value of every `directive value…` pair of a policy, keyed by directive. */
function policyDirectives(policy: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values.join(' '));
  }
  return directives;
}

describe('docs: scripts', () => {
  const scripts = Object.keys(
    (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
  );

  it('documents every npm script in the README or docs/', () => {
    const documented = (name: string) =>
      name === 'start' || name === 'test'
        ? ALL_TEXT.includes(`npm ${name}`)
        : new RegExp(`npm run ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:-])`).test(
            ALL_TEXT,
          );
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((name) => !documented(name))).toEqual([]);
  });

  it('names no npm script that package.json lacks', () => {
    const named = new Set([...ALL_TEXT.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]!));
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('docs: links', () => {
  it('finds a link with its anchor, and none inside code', () => {
    expect(
      relativeLinks('see [a](docs/a.md#b-c) and `[x](no.md)` and [w](https://x.test)'),
    ).toEqual(['docs/a.md#b-c']);
    expect([...anchorsOf('# A: b\n```\n# not\n```\n## `npm run x`: y, z\n## A: b')]).toEqual([
      'a-b',
      'npm-run-x-y-z',
      'a-b-1',
    ]);
  });

  it.each(GUIDES)('every relative link of %s leads to a file and heading that exist', (guide) => {
    const broken: string[] = [];
    for (const link of relativeLinks(read(guide))) {
      const [file = '', anchor] = link.split('#');
      const target = file ? path.join(path.dirname(guide), decodeURIComponent(file)) : guide;
      if (!existsSync(path.join(ROOT, target))) {
        broken.push(`${link}: no file ${target}`);
        continue;
      }
      if (anchor && target.endsWith('.md') && !anchorsOf(read(target)).has(anchor)) {
        broken.push(`${link}: no heading #${anchor} in ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('docs: settings', () => {
  // Read by the code but set by machines, not people: CI by the CI system, WAIT_TIMEOUT_MS by
  // `npm start` for its own child process.
  const INTERNAL = new Set(['CI', 'WAIT_TIMEOUT_MS']);
  const settingsSection = /\n## Settings\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? '';
  const code = (dirs: string[], pattern: RegExp) => {
    const names = new Set<string>();
    for (const file of dirs.flatMap((dir) =>
      statSync(path.join(ROOT, dir)).isDirectory()
        ? filesUnder(dir, (name) => /\.(m?[jt]sx?|cjs)$/.test(name))
        : [dir],
    )) {
      for (const match of read(file).matchAll(pattern)) names.add(match[1]!);
    }
    return [...names].sort();
  };

  it('has a settings section in the README', () => {
    expect(settingsSection).toContain('| Setting |');
  });

  it('lists every VITE_* setting the app and its build read in the README settings', () => {
    const names = code(
      ['src', 'scripts', 'vite.config.ts'],
      /(?:import\.meta\.env|\benv)\??\.(VITE_[A-Z0-9_]+)/g,
    );
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !settingsSection.includes(`\`${name}\``))).toEqual([]);
  });

  it('documents every environment variable the tooling reads', () => {
    const roots = [
      'scripts',
      'tests',
      ...readdirSync(ROOT).filter((name) => /\.config\.ts$/.test(name)),
    ];
    const names = code(roots, /process\.env(?:\.|\[['"])([A-Z][A-Z0-9_]*)/g).filter(
      (name) => !INTERNAL.has(name),
    );
    expect(names).toContain('SANDBOX_PORT');
    expect(names.filter((name) => !ALL_TEXT.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('docs: security headers', () => {
  // The module that writes the headers once (vite preview applies them).
  const load = async () => import('../../scripts/lib/security-headers');
  const security = read('docs/security.md');

  it('documents the shipped Content-Security-Policy directive by directive', async () => {
    const { contentSecurityPolicy, originsFromEnv } = await load();
    const shipped = policyDirectives(contentSecurityPolicy(originsFromEnv({})));
    // The table under "### Content-Security-Policy": | `directive` | `value` | why |
    const section = /\n### Content-Security-Policy\n([\s\S]*?)(?=\n#{2,3} )/.exec(security)?.[1];
    const documented = new Map(
      [...(section ?? '').matchAll(/^\| `([a-z-]+)` \| `([^`]+)` \|/gm)].map((row) => [
        row[1]!,
        row[2]!,
      ]),
    );
    expect(documented.size).toBeGreaterThan(5);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(shipped));
  });

  it('documents every header the host sends, with its value', async () => {
    const { securityHeaders } = await load();
    const missing = Object.entries(securityHeaders())
      .filter(([name]) => name !== 'Content-Security-Policy')
      .filter(([name, value]) => !security.includes(`| \`${name}\` | \`${value}\` |`));
    expect(missing).toEqual([]);
  });

  it('carries the nginx configuration rendered from the same headers', async () => {
    const { nginxConfig, securityHeaders } = await load();
    const block = /```nginx\n([\s\S]*?)```/.exec(security)?.[1];
    expect(block).toBe(nginxConfig());
    for (const [name, value] of Object.entries(securityHeaders())) {
      expect(block).toContain(`add_header ${name} "${value}" always;`);
    }
  });
});
