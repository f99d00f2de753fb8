// The contract's named success examples, for the measuring scripts (never hard-coded ids there).
import fs from 'node:fs';
import YAML from 'yaml';

/**
 * Reads an OpenAPI document and returns `example(operation, name?)`: the value of the named (or
 * first) example of the operation's first 2xx answer. `operation` is an operationId (`getTeam`) or
 * `METHOD /path` (`GET /team/{teamId}`).
 */
export function contractExamples(file) {
  const doc = YAML.parse(fs.readFileSync(file, 'utf8'));
  const resolve = (node) => {
    let current = node;
    while (current && typeof current.$ref === 'string') {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((acc, key) => acc[key], doc);
    }
    return current;
  };
  const find = (operation) => {
    const [method, template] = operation.split(' ');
    if (template) return doc.paths[template]?.[method.toLowerCase()];
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) if (op?.operationId === operation) return op;
    }
    return undefined;
  };
  return function example(operation, name) {
    const op = find(operation);
    if (!op) throw new Error(`no operation ${operation}`);
    const code = Object.keys(op.responses).find((c) => c.startsWith('2'));
    const media = resolve(Object.values(resolve(op.responses[code]).content)[0]);
    const examples = media.examples ?? {};
    const found = name ? examples[name] : Object.values(examples)[0];
    if (!found) throw new Error(`no example ${name ?? '(any)'} for ${operation}`);
    return resolve(found).value;
  };
}
