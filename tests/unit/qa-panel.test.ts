// @vitest-environment node
// The QA panel's catalogue (built from the contract and openapi/SCENARIOS.md at build time) and its
// state: picks per operation or per story, what is active, reset, and surviving a reload.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import {
  QA_PREFER_KEY,
  activeStory,
  describePicks,
  isPickable,
  qaPreferMiddleware,
  readPicks,
  storyPicks,
  withPick,
  writePicks,
  type QaStorage,
} from '../../src/api/qa-scenarios';
import { firstPrefer, parseScenarioRows, readQaCatalogue } from '../../scripts/lib/qa-catalogue';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const scenarios = fs.readFileSync(path.join(ROOT, 'openapi', 'SCENARIOS.md'), 'utf8');
const document = YAML.parse(fs.readFileSync(path.join(ROOT, 'openapi', 'openapi.yaml'), 'utf8'));
const catalogue = readQaCatalogue();
const story = (name: string) => {
  const found = catalogue.stories.find((item) => item.name === name);
  expect(found, name).toBeDefined();
  return found!;
};

function memoryStorage(): QaStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('the catalogue read from the contract at build time', () => {
  it('lists every operation with its default and every named example and code', () => {
    let count = 0;
    for (const [template, item] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(item))
        count += ['get', 'post', 'patch', 'delete', 'put'].includes(method) ? 1 : 0;
      expect(catalogue.operations.some((op) => op.path === template)).toBe(true);
    }
    expect(catalogue.operations).toHaveLength(count);
    const getUser = catalogue.operations.find((op) => op.operationId === 'getUser')!;
    expect(getUser.key).toBe('GET /user');
    expect(getUser.options[0]).toMatchObject({ prefer: '', status: 200, example: 'admin' });
    const prefers = getUser.options.map((option) => option.prefer);
    expect(prefers).toEqual(
      expect.arrayContaining([
        'example=collaborator',
        'code=401',
        'code=402, example=paused',
        'code=503',
      ]),
    );
    const named = Object.keys(
      document.paths['/user'].get.responses['200'].content['application/json'].examples,
    );
    expect(getUser.options.filter((o) => o.status === 200).map((o) => o.example)).toEqual(named);
    const login = catalogue.operations.find((op) => op.operationId === 'login')!;
    expect(login.options.map((o) => o.prefer)).toContain('code=412');
  });

  it('holds every row of SCENARIOS.md, and every pick of a row exists in the contract', () => {
    const claimed = Number(/\*\*(\d+) scenarios\*\*/.exec(scenarios)?.[1]);
    expect(catalogue.stories).toHaveLength(claimed);
    for (const item of catalogue.stories) {
      for (const [operationId, prefer] of Object.entries(item.picks)) {
        const operation = catalogue.operations.find((op) => op.operationId === operationId);
        expect(operation, `${item.name}: ${operationId}`).toBeDefined();
        expect(
          operation!.options.map((o) => o.prefer),
          `${item.name}: ${operationId}`,
        ).toContain(prefer);
      }
    }
    const anyOperation = catalogue.stories.filter((item) => !isPickable(catalogue, item));
    expect(anyOperation.map((item) => item.section)).toEqual(
      Array(anyOperation.length).fill('Errors (any operation)'),
    );
  });

  it('reads the Prefer column as SCENARIOS.md writes it', () => {
    expect(firstPrefer('none (`busy`)')).toBe('');
    expect(firstPrefer('`code=401` (`loginFailed`)')).toBe('code=401');
    expect(firstPrefer('`code=400` (`invalidLink`) or `code=400, example=expired`')).toBe(
      'code=400',
    );
    expect(firstPrefer('see above')).toBeUndefined();
    const [row] = parseScenarioRows(
      '## Scenarios\n\n### S\n\n| Scenario | Operation(s) | `Prefer` to send | What the console shows |\n|---|---|---|---|\n| Sales | `getTeam`; `listTeamDevices` | `getTeam`: `example=sales`; `listTeamDevices`: none or `example=empty` | Empty `list` |\n\n## Next\n| x | y |\n',
    );
    expect(row).toEqual({
      section: 'S',
      name: 'Sales',
      operationIds: ['getTeam', 'listTeamDevices'],
      picks: { getTeam: 'example=sales', listTeamDevices: '' },
      shows: 'Empty list',
      prefer: 'getTeam: example=sales; listTeamDevices: none or example=empty',
    });
  });
});

describe('the panel state', () => {
  it('picks one operation, shows it as active, and survives a reload (read back from storage)', () => {
    const storage = memoryStorage();
    writePicks(storage, withPick(readPicks(storage), 'GET /user', 'example=collaborator'));
    expect(JSON.parse(storage.data.get(QA_PREFER_KEY)!)).toEqual({
      'GET /user': 'example=collaborator',
    });
    const reloaded = readPicks(storage);
    expect(reloaded).toEqual({ 'GET /user': 'example=collaborator' });
    expect(describePicks(catalogue, reloaded)).toEqual([
      expect.objectContaining({
        key: 'GET /user',
        prefer: 'example=collaborator',
        option: expect.objectContaining({ example: 'collaborator' }),
      }),
    ]);
    expect(activeStory(catalogue, reloaded)?.name).toBe('Collaborator');
  });

  it('a whole story replaces every pick; a tweak leaves the story', () => {
    const storage = memoryStorage();
    writePicks(storage, { 'POST /user/login': 'code=412' });
    const sales = story('Sales, empty team');
    writePicks(storage, storyPicks(catalogue, sales));
    const picks = readPicks(storage);
    expect(picks).toEqual({
      'GET /team/{teamId}': 'example=sales',
      'GET /team/{teamId}/overview': 'example=emptyTeam',
      'GET /team/{teamId}/devices': 'example=empty',
    });
    expect(activeStory(catalogue, picks)).toBe(sales);
    const tweaked = withPick(picks, 'GET /team/{teamId}/devices', 'example=single');
    expect(activeStory(catalogue, tweaked)).toBeUndefined();
    expect(withPick(tweaked, 'GET /team/{teamId}/devices', '')).not.toHaveProperty(
      'GET /team/{teamId}/devices',
    );
  });

  it('resets with one call: no picks removes the entry (the default story)', () => {
    const storage = memoryStorage();
    writePicks(storage, storyPicks(catalogue, story('Collaborator')));
    expect(storage.data.has(QA_PREFER_KEY)).toBe(true);
    writePicks(storage, {});
    expect(storage.data.has(QA_PREFER_KEY)).toBe(false);
    expect(readPicks(storage)).toEqual({});
    expect(activeStory(catalogue, {})).toBeUndefined();
  });

  it('corrupt storage means the default story, and a pick the contract lacks is shown as such', () => {
    const storage = memoryStorage();
    for (const raw of ['{', '[]', '"x"', '{"GET /user": 5}', '{"nonsense": "example=a"}']) {
      storage.data.set(QA_PREFER_KEY, raw);
      expect(readPicks(storage), raw).toEqual({});
    }
    const [stale] = describePicks(catalogue, { 'GET /user': 'example=gone' });
    expect(stale).toMatchObject({ key: 'GET /user', prefer: 'example=gone', option: undefined });
  });

  it('the client sends the pick as Prism Prefer header for that operation only', async () => {
    const storage = memoryStorage();
    writePicks(storage, { 'GET /user': 'example=collaborator' });
    const globals = globalThis as { window?: unknown };
    globals.window = { localStorage: storage };
    type OnRequest = (options: { request: Request; schemaPath: string }) => Request;
    const onRequest = qaPreferMiddleware.onRequest as unknown as OnRequest;
    const user = onRequest({ request: new Request('http://x/api/v1/user'), schemaPath: '/user' });
    expect(user.headers.get('Prefer')).toBe('example=collaborator');
    const teams = onRequest({
      request: new Request('http://x/api/v1/teams'),
      schemaPath: '/teams',
    });
    expect(teams.headers.get('Prefer')).toBeNull();
  });
});

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});
