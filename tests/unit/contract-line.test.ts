// @vitest-environment node
// The openapi-hash names a contract line (scripts/lib/contract-hash.ts lineHash): a release that
// check:contract calls compatible keeps the hash consoles of the line expect, a raised major changes
// it (docs/contract.md, "Deploying"). Run as a contract owner would: generate, release, edit,
// release again, in a copy of the fixture contract.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { computeHash, lineHash, readStampedHash } from '../../scripts/lib/contract-hash';
import { generateContract } from '../../scripts/lib/contract-generate';
import {
  checkAgainstRelease,
  readSnapshot,
  releaseContract,
} from '../../scripts/lib/contract-release';
import { checkStampedHash } from '../../scripts/lib/contract-staleness';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = fs.readFileSync(path.join(here, 'fixtures', 'mini.yaml'), 'utf8');
// openapi-typescript runs on each generation: slow on a loaded machine.
const SLOW = 120_000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A repository-shaped copy: openapi/openapi.yaml, generated/. */
async function released() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-line-'));
  dirs.push(root);
  const docPath = path.join(root, 'openapi', 'openapi.yaml');
  const outDir = path.join(root, 'generated');
  const releasedPath = path.join(root, 'openapi', 'released.json');
  fs.mkdirSync(path.dirname(docPath));
  fs.writeFileSync(docPath, fixture);
  const options = { docPath, outDir, releasedPath, root };
  await generateContract(options);
  await releaseContract(options);
  const read = () => fs.readFileSync(docPath, 'utf8');
  const edit = (from: string, to: string) => {
    expect(read().split(from)).toHaveLength(2);
    fs.writeFileSync(docPath, read().replace(from, to));
  };
  const consoleHash = () =>
    /OPENAPI_HASH = "([0-9a-f]{64})"/.exec(
      fs.readFileSync(path.join(outDir, 'openapi-hash.ts'), 'utf8'),
    )?.[1];
  return { options, read, edit, consoleHash };
}

/** A new optional property in an answer: compatible. */
const OPTIONAL_FIELD = [
  '        email: { type: string, format: email, maxLength: 128 }\n',
  '        email: { type: string, format: email, maxLength: 128 }\n        nickname: { type: string }\n',
] as const;

describe('the openapi-hash of a contract line', () => {
  it('is the computed hash of the release that opened the line', () => {
    const line = { version: '1.0.0', hash: 'a'.repeat(64) };
    // fixture: 1.2.0, the same major
    expect(lineHash(fixture, line)).toBe(line.hash);
    expect(lineHash(fixture, { ...line, version: '0.9.0' })).toBe(computeHash(fixture));
    expect(lineHash(fixture, undefined)).toBe(computeHash(fixture));
  });

  it(
    'stays the same through a compatible release, generated and released as docs/contract.md says',
    async () => {
      const { options, read, edit, consoleHash } = await released();
      const before = readStampedHash(read());
      expect(consoleHash()).toBe(before);

      edit(...OPTIONAL_FIELD);
      await generateContract(options);
      // The wire contract changed, the hash the line's servers send did not.
      expect(computeHash(read())).not.toBe(before);
      expect(readStampedHash(read())).toBe(before);
      expect(consoleHash()).toBe(before);
      const check = checkAgainstRelease(options);
      expect(check.ok).toBe(true);
      expect(check.notes.join('\n')).toContain(`both use openapi-hash ${String(before)}`);

      await releaseContract({ ...options, bump: 'minor' });
      expect(read()).toContain('version: 1.3.0');
      expect(readStampedHash(read())).toBe(before);
      expect(consoleHash()).toBe(before);
      const { snapshot } = readSnapshot(options.releasedPath, options.root);
      expect(snapshot).toMatchObject({
        version: '1.3.0',
        line: { version: '1.2.0', hash: before },
      });
      expect(snapshot?.hash).toBe(computeHash(read()));
      expect(checkStampedHash(read(), snapshot?.line).ok).toBe(true);
    },
    SLOW,
  );

  it(
    'changes with a breaking release (a raised major), which opens a new line',
    async () => {
      const { options, read, edit, consoleHash } = await released();
      const before = readStampedHash(read());
      // A removed response property breaks consoles that read it.
      edit('        isAdmin: { type: boolean }\n    Problem:', '    Problem:');
      edit('required: [id, email, isAdmin]', 'required: [id, email]');
      await generateContract(options);
      expect(checkAgainstRelease(options).ok).toBe(false);

      await releaseContract({ ...options, bump: 'major' });
      expect(read()).toContain('version: 2.0.0');
      const after = readStampedHash(read());
      expect(after).not.toBe(before);
      expect(after).toBe(computeHash(read()));
      expect(consoleHash()).toBe(after);
      const { snapshot } = readSnapshot(options.releasedPath, options.root);
      expect(snapshot?.line).toEqual({ version: '2.0.0', hash: after });

      // The new line's compatible releases keep the new line's hash.
      edit(...OPTIONAL_FIELD);
      await releaseContract({ ...options, bump: 'minor' });
      expect(readStampedHash(read())).toBe(after);
    },
    SLOW,
  );

  it(
    'of a raised major not released yet is the document’s own, and check:contract says to deploy both',
    async () => {
      const { options, read, edit } = await released();
      const before = readStampedHash(read());
      edit('version: 1.2.0', 'version: 2.0.0');
      await generateContract(options);
      expect(readStampedHash(read())).toBe(computeHash(read()));
      expect(readStampedHash(read())).not.toBe(before);
      expect(checkAgainstRelease(options).notes.join('\n')).toMatch(
        /new line: backends of 1\.2\.0 send openapi-hash [0-9a-f]{64}; a console built from this document expects/,
      );
    },
    SLOW,
  );

  it(
    'refuses a baseline whose line was edited by hand',
    async () => {
      const { options } = await released();
      const file = JSON.parse(fs.readFileSync(options.releasedPath, 'utf8')) as {
        line: { hash: string };
      };
      file.line.hash = 'b'.repeat(64);
      fs.writeFileSync(options.releasedPath, JSON.stringify(file));
      expect(readSnapshot(options.releasedPath, options.root).error).toMatch(/edited by hand/);
    },
    SLOW,
  );
});
