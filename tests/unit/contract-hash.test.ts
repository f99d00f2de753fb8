// @vitest-environment node
// What the contract hash covers (scripts/lib/contract-hash.ts computeHash): every change a client or a
// server can observe changes it; documentation-only edits do not (docs/architecture.md, "The contract hash").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { computeHash, readStampedHash, stampHash } from '../../scripts/lib/contract-hash';
import { expectedHashOf } from '../../scripts/lib/contract-release';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = fs.readFileSync(path.join(here, 'fixtures', 'mini.yaml'), 'utf8');
const contract = fs.readFileSync(path.join(here, '..', '..', 'openapi', 'openapi.yaml'), 'utf8');

/** Replaces `from` (which must occur exactly once) with `to`. */
function edit(text: string, from: string, to: string): string {
  expect(text.split(from), `"${from}" occurs exactly once`).toHaveLength(2);
  return text.replace(from, to);
}

describe('documentation-only edits keep the hash', () => {
  const base = computeHash(fixture);
  const docEdits: [string, string, string][] = [
    [
      'an operation description',
      'description: Returns one user.',
      'description: Returns the user.',
    ],
    ['an operation summary', 'summary: Get a user.', 'summary: Get one user.'],
    ['a response description', 'description: The user.', 'description: The signed-in user.'],
    ['a parameter example', 'example: email\n', 'example: id\n'],
    ['an example summary', 'summary: An admin.', 'summary: Alice, an admin.'],
    ['an example value', 'isAdmin: true', 'isAdmin: false'],
    ['a media-type example', 'message: Not found', 'message: Gone'],
    ['a whole named example', '                alice:\n', '                alicia:\n'],
    ['the title', 'title: Fixture API', 'title: Renamed API'],
    ['a tag', 'tags: [users]\n      summary: Get', 'tags: [people]\n      summary: Get'],
    ['a tag description', 'description: Users.', 'description: People.'],
    ['an operationId', 'operationId: renameUser', 'operationId: renameTheUser'],
    [
      'the header description',
      'description: Hash of the contract',
      'description: sha256 of the contract',
    ],
    [
      'an x- extension',
      '      operationId: getUser\n',
      '      operationId: getUser\n      x-spec-gap: true\n      x-owner: { team: console }\n',
    ],
    [
      'a schema title, $comment, deprecated and examples',
      '        isAdmin: { type: boolean }\n',
      '        isAdmin: { type: boolean, title: Admin, $comment: c, deprecated: true, examples: [true] }\n',
    ],
    ['externalDocs', 'servers:\n', 'externalDocs: { url: https://docs.example }\nservers:\n'],
    ['a top-level extension', 'servers:\n', 'x-logo: logo.png\nservers:\n'],
    [
      'a component example',
      'components:\n',
      'components:\n  examples:\n    anyone: { value: { id: x } }\n',
    ],
  ];

  it.each(docEdits)('%s', (_name, from, to) => {
    const edited = edit(fixture, from, to);
    expect(computeHash(edited)).toBe(base);
  });

  it('every description, summary and x-spec-gap of the real contract edited at once', () => {
    const hash = computeHash(contract);
    // One-line descriptions and summaries whose value is text, not a mapping: documentation
    // (a property named "description" is declared with a mapping, and stays in).
    let count = 0;
    let marks = 0;
    const edited = contract
      .replace(
        /^(\s+)(description|summary): (?![{[|>]).+$/gm,
        (_m, indent: string, key: string) => {
          count += 1;
          return `${indent}${key}: Reworded, with a typo fixed.`;
        },
      )
      .replace(/^(\s+)(why|without): .+$/gm, (_m, indent: string, key: string) => {
        marks += 1;
        return `${indent}${key}: "Reworded proposal text."`;
      })
      .replace(/^(\s+)x-spec-gap:$/gm, '$1x-reviewed: 2026-11-21\n$1x-spec-gap:');
    expect(count).toBeGreaterThan(100);
    expect(marks).toBeGreaterThan(50);
    expect(edited).not.toBe(contract);
    expect(computeHash(edited)).toBe(hash);
  });

  it('the listTeams description typo of the probe keeps the hash (no forced logout)', () => {
    const doc = YAML.parseDocument(contract);
    const at = ['paths', '/teams', 'get', 'description'];
    expect(typeof doc.getIn(at)).toBe('string');
    doc.setIn(at, `${String(doc.getIn(at))} Typo fixed.`);
    expect(computeHash(doc.toString())).toBe(computeHash(contract));
  });
});

describe('wire changes change the hash', () => {
  const base = computeHash(fixture);
  const wireEdits: [string, string, string][] = [
    ['a response property type', 'isAdmin: { type: boolean }', 'isAdmin: { type: string }'],
    ['a required list', 'required: [id, email, isAdmin]', 'required: [id, email]'],
    ['a request limit', 'minLength: 1, maxLength: 128 }', 'minLength: 1, maxLength: 127 }'],
    ['a query limit', 'maxLength: 64 }', 'maxLength: 65 }'],
    ['a format', 'format: email', 'format: idn-email'],
    ['a path', '/user/rename:', '/user/name:'],
    ['a method', '  /user/rename:\n    post:', '  /user/rename:\n    put:'],
    ['a status code', "'204':", "'200':"],
    [
      'a media type',
      '          content:\n            application/json:\n              schema:\n                $ref',
      '          content:\n            application/vnd.api+json:\n              schema:\n                $ref',
    ],
    [
      'a parameter becoming required',
      'in: query\n          required: false',
      'in: query\n          required: true',
    ],
    [
      'a parameter location',
      'name: fields\n          in: query',
      'name: fields\n          in: header',
    ],
    [
      'the request body becoming optional',
      'requestBody:\n        required: true',
      'requestBody:\n        required: false',
    ],
    [
      'the hash header losing required',
      '      required: true\n      schema:\n        type: string',
      '      required: false\n      schema:\n        type: string',
    ],
    ['the server base path', 'url: /api/v1', 'url: /api/v2'],
    ['security', 'security:\n  - bearerAuth: []\n', 'security: []\n'],
    ['the security scheme', 'scheme: bearer', 'scheme: basic'],
    ['info.version', 'version: 1.2.0', 'version: 1.3.0'],
    [
      'a property named "description"',
      '        isAdmin: { type: boolean }\n',
      '        isAdmin: { type: boolean }\n        description: { type: string }\n',
    ],
    [
      'a property named "x-internal"',
      '        isAdmin: { type: boolean }\n',
      '        isAdmin: { type: boolean }\n        x-internal: { type: string }\n',
    ],
    [
      'a response header named "x-request-id"',
      "          headers:\n            openapi-hash:\n              $ref: '#/components/headers/OpenapiHash'\n          content:",
      "          headers:\n            openapi-hash:\n              $ref: '#/components/headers/OpenapiHash'\n            x-request-id:\n              schema: { type: string }\n          content:",
    ],
    ['a default', 'maxLength: 64 }', 'maxLength: 64, default: email }'],
    ['an enum', 'isAdmin: { type: boolean }', 'isAdmin: { enum: [yes, no] }'],
  ];

  it.each(wireEdits)('%s', (_name, from, to) => {
    const edited = edit(fixture, from, to);
    expect(computeHash(edited)).not.toBe(base);
  });

  it('a property called "description" in the real contract counts (DeviceCheck)', () => {
    const doc = YAML.parseDocument(contract);
    const at = ['components', 'schemas', 'DeviceCheck', 'properties', 'description', 'type'];
    expect(doc.getIn(at)).toBe('string');
    doc.setIn(at, 'integer');
    expect(computeHash(doc.toString())).not.toBe(computeHash(contract));
  });
});

describe('the stamped contract', () => {
  it('carries the hash of its line, and stamping again changes nothing', () => {
    const hash = expectedHashOf(contract);
    expect(readStampedHash(contract)).toBe(hash);
    expect(stampHash(contract, hash)).toBe(contract);
    // The stamped value is not part of what the hash covers.
    expect(computeHash(stampHash(contract, 'f'.repeat(64)))).toBe(computeHash(contract));
  });
});
