// @vitest-environment node
// What the console uses (scripts/lib/console-usage.ts), found with the TypeScript compiler in a
// small fixture: the calls with their places, and the fields read, also through the code's own types.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { analyseCode, renderUsage } from '../../scripts/lib/console-usage';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'usage');
const document = YAML.parse(fs.readFileSync(path.join(fixture, 'openapi.yaml'), 'utf8'));

describe('the console usage list', () => {
  const usage = analyseCode({
    srcDir: path.join(fixture, 'src'),
    apiTypes: path.join(fixture, 'generated', 'api.d.ts'),
  });

  it('finds the calls, with the file of each', () => {
    expect(Object.fromEntries([...usage.calls].map(([key, places]) => [key, [...places]]))).toEqual(
      {
        'GET /teams': ['tests/unit/fixtures/usage/src/screen.ts'],
        'GET /team/{teamId}/settings': ['tests/unit/fixtures/usage/src/screen.ts'],
        'DELETE /team/{teamId}': ['tests/unit/fixtures/usage/src/screen.ts'],
        'POST /nowhere': ['tests/unit/fixtures/usage/src/screen.ts'],
      },
    );
  });

  it('finds the fields read: row[column], destructuring, and through a type of the code', () => {
    expect([...usage.reads].sort()).toEqual([
      'components.schemas.Team.deviceCount',
      'components.schemas.Team.name',
      'operations.getSettings.responses.200.content.application/json.checks',
      'operations.getSettings.responses.200.content.application/json.checks.level',
      'operations.getSettings.responses.200.content.application/json.total',
    ]);
  });

  it('writes one section per operation, what is not called, and calls the contract lacks', () => {
    const text = renderUsage(document, usage);
    expect(text).toContain('The console calls **3 of the 4 operations**');
    expect(text).toContain(
      [
        '## listTeams: `GET /teams`',
        '',
        'Called from `tests/unit/fixtures/usage/src/screen.ts`.',
        '',
        '- 200 reads: `$[].name`, `$[].deviceCount`',
        '- 200 validated, not read: `$[].id`, `$[].createdBy`',
      ].join('\n'),
    );
    expect(text).toContain(
      '- 200 reads: `$.checks`, `$.checks[].level`, `$.total`\n- 200 validated, not read: `$.checks[].id`, `$.checks[].note`',
    );
    expect(text).toContain('- 204: no body.');
    expect(text).toContain('## Not called by the console\n\n- notCalled: `GET /unused`');
    expect(text).toContain('## Calls the contract does not have\n\n- `POST /nowhere`');
  });
});
