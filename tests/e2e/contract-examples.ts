import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { components } from '../../generated/api';

/** The contract's schema types: tests type the examples with these, never with copies. */
export type Schemas = components['schemas'];

/**
 * The contract's named examples are the QA scenarios; tests read their expectations from
 * them instead of copying values.
 */
type Json = Record<string, unknown>;
const doc = parse(
  readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'),
) as Json;

function resolve(node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<Json>((acc, key) => acc[key] as Json, doc);
  }
  return current;
}

function operation(operationId: string): Json {
  for (const item of Object.values(doc.paths as Json)) {
    for (const op of Object.values(item as Json)) {
      if ((op as Json)?.operationId === operationId) return op as Json;
    }
  }
  throw new Error(`no operation ${operationId}`);
}

/** The value of a named response example (status defaults to the first 2xx). */
export function example<T = unknown>(operationId: string, name: string, status?: string): T {
  const responses = operation(operationId).responses as Json;
  const code = status ?? Object.keys(responses).find((c) => c.startsWith('2'));
  const response = resolve(responses[code ?? '']);
  const content = response.content as Json;
  const media = resolve(Object.values(content)[0]);
  const examples = media.examples as Json | undefined;
  const found = examples?.[name];
  if (!found) throw new Error(`no example ${name} for ${operationId} ${code}`);
  return resolve(found).value as T;
}
