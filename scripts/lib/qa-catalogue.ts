// The QA scenario catalogue, read at build time from the contract and openapi/SCENARIOS.md: for each
// operation the Prism `Prefer` values it answers to (named examples and declared status codes), and
// the scenario rows of the catalogue as stories (a set of per-operation picks). Served to the QA
// panel as the Vite virtual module `virtual:qa-scenarios` (dev server and VITE_QA_SCENARIOS builds
// only: a production build never imports it).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { QaCatalogue, QaOperation, QaOption, QaStory } from '../../src/api/qa-scenarios';
import {
  type NamedExample,
  listOperations,
  operationResponses,
  readDocument,
  responseExamples,
} from './openapi-doc';
import { DOC_PATH, OPENAPI_DIR } from './paths';

export const SCENARIOS_PATH = path.join(OPENAPI_DIR, 'SCENARIOS.md');
export const VIRTUAL_ID = 'virtual:qa-scenarios';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The operations of the contract and the Prefer values Prism answers each one with. */
export function catalogueOperations(document: unknown): QaOperation[] {
  const allExamples = responseExamples(document);
  return listOperations(document).map((op) => {
    const responses = operationResponses(document, op);
    const byStatus = new Map(responses);
    const statuses = responses
      .map(([status]) => status)
      .filter((code) => /^\d{3}$/.test(code))
      .sort();
    const success = statuses.find((code) => code.startsWith('2'));
    const options: QaOption[] = [];
    for (const status of statuses) {
      const response = byStatus.get(status) ?? {};
      // Named examples of the answer in document order, each name once (over its media types).
      const examples: NamedExample[] = [];
      for (const example of allExamples) {
        if (example.operation !== op.key || example.status !== status) continue;
        if (example.name === '(example)') continue;
        if (!examples.some((seen) => seen.name === example.name)) examples.push(example);
      }
      const description = typeof response.description === 'string' ? response.description : '';
      const option = (prefer: string, example?: NamedExample) =>
        options.push({
          prefer,
          status: Number(status),
          example: example?.name ?? '',
          summary: example?.summary || description,
        });
      if (status === success) {
        // Without Prefer, Prism answers the first example of the lowest 2xx: the default.
        examples.forEach((example, i) => option(i === 0 ? '' : `example=${example.name}`, example));
        if (examples.length === 0) option('');
      } else {
        option(`code=${status}`, examples[0]);
        for (const example of examples.slice(1))
          option(`code=${status}, example=${example.name}`, example);
      }
    }
    const { operation } = op;
    return {
      key: op.key,
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      summary: typeof operation.summary === 'string' ? operation.summary : '',
      tag: Array.isArray(operation.tags) ? String(operation.tags[0] ?? '') : '',
      options,
    };
  });
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
const ticks = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** The Prefer value a cell names first: '' for "none ...", undefined when it names none. */
export function firstPrefer(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^none\b/i.test(trimmed)) return '';
  return ticks(trimmed).find((token) => /^(example|code)=/.test(token));
}

/**
 * The scenario rows of SCENARIOS.md (the tables under "## Scenarios") as stories:
 * { section, name, operationIds, picks: { operationId: prefer ('' = default) }, shows, prefer }.
 * A row for "any" operation has no operationIds: it is picked per operation, not as a story.
 */
export function parseScenarioRows(markdown: string): QaStory[] {
  const stories: QaStory[] = [];
  let inScenarios = false;
  let section = '';
  let columns: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (/^## /.test(line)) {
      inScenarios = /^## Scenarios\b/.test(line);
      continue;
    }
    if (!inScenarios) continue;
    if (/^### /.test(line)) {
      section = line.replace(/^### /, '').trim();
      columns = undefined;
      continue;
    }
    if (!line.trim().startsWith('|')) {
      columns = line.trim() === '' ? columns : undefined;
      continue;
    }
    const row = cells(line);
    if (!columns) {
      columns = row.map((cell) => cell.toLowerCase());
      continue;
    }
    if (row.every((cell) => /^:?-+:?$/.test(cell))) continue;
    const found = columns;
    const get = (start: string) => row[found.findIndex((column) => column.startsWith(start))] ?? '';
    const name = get('scenario');
    const operationsCell = get('operation');
    const preferCell = get('`prefer`') || get('prefer');
    const operationIds = /^any\b/i.test(operationsCell) ? [] : ticks(operationsCell);
    const picks: Record<string, string> = {};
    const perOperation = [...preferCell.matchAll(/`(\w+)`:\s*([^;]*)/g)];
    if (perOperation.length > 0) {
      for (const [, operationId = '', text = ''] of perOperation) {
        const prefer = firstPrefer(text);
        if (prefer !== undefined) picks[operationId] = prefer;
      }
    } else {
      const prefer = firstPrefer(preferCell);
      if (prefer !== undefined) for (const operationId of operationIds) picks[operationId] = prefer;
    }
    stories.push({
      section,
      name,
      operationIds,
      picks,
      shows: get('what').replaceAll('`', ''),
      prefer: preferCell.replaceAll('`', ''),
    });
  }
  return stories;
}

/** { operations, stories } for the QA panel. */
export function readQaCatalogue(): QaCatalogue {
  return {
    operations: catalogueOperations(readDocument(DOC_PATH)),
    stories: parseScenarioRows(fs.readFileSync(SCENARIOS_PATH, 'utf8')),
  };
}

/** Vite plugin: `import catalogue from 'virtual:qa-scenarios'`, rebuilt when either file changes. */
export function qaScenariosPlugin(): Plugin {
  return {
    name: 'qa-scenarios',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(DOC_PATH);
      this.addWatchFile(SCENARIOS_PATH);
      return `export default ${JSON.stringify(readQaCatalogue())};\n`;
    },
  };
}
