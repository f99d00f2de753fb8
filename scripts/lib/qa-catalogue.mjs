// The QA scenario catalogue, read at build time from the contract and openapi/SCENARIOS.md: for each
// operation the Prism `Prefer` values it answers to (named examples and declared status codes), and
// the scenario rows of the catalogue as stories (a set of per-operation picks). Served to the QA
// panel as the Vite virtual module `virtual:qa-scenarios` (dev server and VITE_QA_SCENARIOS builds
// only: a production build never imports it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

// Not imported from contract.mjs: vite.config.ts loads this file, and the generator's
// dependencies (openapi-typescript, ...) would slow every dev server, build and preview start.
const OPENAPI_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'openapi',
);
export const DOC_PATH = path.join(OPENAPI_DIR, 'openapi.yaml');
export const SCENARIOS_PATH = path.join(OPENAPI_DIR, 'SCENARIOS.md');
export const VIRTUAL_ID = 'virtual:qa-scenarios';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function resolveRef(document, node) {
  let current = node;
  for (
    let depth = 0;
    depth < 20 && isObject(current) && typeof current.$ref === 'string';
    depth += 1
  ) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((node, key) => (isObject(node) ? node[key] : undefined), document);
  }
  return current;
}

/** Named examples of a response, in document order: [{ name, summary }]. */
function examplesOf(document, response) {
  const seen = new Map();
  const content = isObject(response?.content) ? response.content : {};
  for (const media of Object.values(content)) {
    const examples = isObject(media?.examples) ? media.examples : {};
    for (const [name, example] of Object.entries(examples)) {
      if (!seen.has(name)) {
        const resolved = resolveRef(document, example);
        seen.set(name, {
          name,
          summary: typeof resolved?.summary === 'string' ? resolved.summary : '',
        });
      }
    }
  }
  return [...seen.values()];
}

/** The operations of the contract and the Prefer values Prism answers each one with. */
export function catalogueOperations(document) {
  const operations = [];
  for (const [template, item] of Object.entries(document?.paths ?? {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const responses = isObject(operation.responses) ? operation.responses : {};
      const statuses = Object.keys(responses)
        .filter((code) => /^\d{3}$/.test(code))
        .sort();
      const success = statuses.find((code) => code.startsWith('2'));
      const options = [];
      for (const status of statuses) {
        const response = resolveRef(document, responses[status]);
        const examples = examplesOf(document, response);
        const description = typeof response?.description === 'string' ? response.description : '';
        if (status === success) {
          // Without Prefer, Prism answers the first example of the lowest 2xx: the default.
          examples.forEach((example, i) => {
            options.push({
              prefer: i === 0 ? '' : `example=${example.name}`,
              status: Number(status),
              example: example.name,
              summary: example.summary || description,
            });
          });
          if (examples.length === 0) {
            options.push({ prefer: '', status: Number(status), example: '', summary: description });
          }
        } else {
          options.push({
            prefer: `code=${status}`,
            status: Number(status),
            example: examples[0]?.name ?? '',
            summary: examples[0]?.summary || description,
          });
          for (const example of examples.slice(1)) {
            options.push({
              prefer: `code=${status}, example=${example.name}`,
              status: Number(status),
              example: example.name,
              summary: example.summary || description,
            });
          }
        }
      }
      operations.push({
        key: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        path: template,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : '',
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        tag: Array.isArray(operation.tags) ? String(operation.tags[0] ?? '') : '',
        options,
      });
    }
  }
  return operations;
}

const cells = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
const ticks = (text) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** The Prefer value a cell names first: '' for "none ...", undefined when it names none. */
export function firstPrefer(text) {
  const trimmed = text.trim();
  if (/^none\b/i.test(trimmed)) return '';
  return ticks(trimmed).find((token) => /^(example|code)=/.test(token));
}

/**
 * The scenario rows of SCENARIOS.md (the tables under "## Scenarios") as stories:
 * { section, name, operationIds, picks: { operationId: prefer ('' = default) }, shows, prefer }.
 * A row for "any" operation has no operationIds: it is picked per operation, not as a story.
 */
export function parseScenarioRows(markdown) {
  const stories = [];
  let inScenarios = false;
  let section = '';
  let columns;
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
    const get = (start) => row[columns.findIndex((column) => column.startsWith(start))] ?? '';
    const name = get('scenario');
    const operationsCell = get('operation');
    const preferCell = get('`prefer`') || get('prefer');
    const operationIds = /^any\b/i.test(operationsCell) ? [] : ticks(operationsCell);
    const picks = {};
    const perOperation = [...preferCell.matchAll(/`(\w+)`:\s*([^;]*)/g)];
    if (perOperation.length > 0) {
      for (const [, operationId, text] of perOperation) {
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
export function buildQaCatalogue({ docText, scenariosText }) {
  const document = YAML.parse(docText);
  return {
    operations: catalogueOperations(document),
    stories: parseScenarioRows(scenariosText),
  };
}

export function readQaCatalogue() {
  return buildQaCatalogue({
    docText: fs.readFileSync(DOC_PATH, 'utf8'),
    scenariosText: fs.readFileSync(SCENARIOS_PATH, 'utf8'),
  });
}

/** Vite plugin: `import catalogue from 'virtual:qa-scenarios'`, rebuilt when either file changes. */
export function qaScenariosPlugin() {
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
