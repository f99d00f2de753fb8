import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The contract, parsed, and its named success examples (what Prism answers), for unit tests. */
type Json = Record<string, unknown>;
export const CONTRACT = parse(
  readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'),
) as Json;

/** The SPEC-only contract (openapi/spec-only.yaml, generated from the contract). */
export const SPEC_ONLY_CONTRACT = parse(
  readFileSync(new URL('../../openapi/spec-only.yaml', import.meta.url), 'utf8'),
) as Json;

function resolve(node: unknown, document: Json = CONTRACT): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<Json>((acc, key) => acc[key] as Json, document);
  }
  return current;
}

export interface SuccessExample {
  /** "GET /device/{deviceId}" */
  operation: string;
  operationId: string;
  status: number;
  name: string;
  value: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function operations(): { operation: string; operationId: string }[] {
  const list = [];
  for (const [path, item] of Object.entries(CONTRACT.paths as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (op)
        list.push({
          operation: `${method.toUpperCase()} ${path}`,
          operationId: String(op.operationId),
        });
    }
  }
  return list;
}

/** Every named (or single) example of every 2xx JSON answer of every operation. */
export function successExamples(document: Json = CONTRACT): SuccessExample[] {
  const list: SuccessExample[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op) continue;
      for (const [status, raw] of Object.entries(op.responses as Json)) {
        if (!status.startsWith('2')) continue;
        const content = resolve(raw, document).content as Json | undefined;
        const media = content?.['application/json']
          ? resolve(content['application/json'], document)
          : null;
        if (!media) continue;
        const base = {
          operation: `${method.toUpperCase()} ${path}`,
          operationId: String(op.operationId),
          status: Number(status),
        };
        if (media.examples) {
          for (const [name, example] of Object.entries(media.examples as Json)) {
            list.push({ ...base, name, value: resolve(example, document).value });
          }
        } else if (media.example !== undefined) {
          list.push({ ...base, name: '(example)', value: media.example });
        }
      }
    }
  }
  return list;
}

/** The value of one named example. */
export function exampleOf(operation: string, name: string): unknown {
  const found = successExamples().find((e) => e.operation === operation && e.name === name);
  if (!found) throw new Error(`no example ${name} for ${operation}`);
  return structuredClone(found.value);
}

export interface ErrorExample {
  /** "GET /device/{deviceId}" */
  operation: string;
  status: number;
  media: string;
  name: string;
  value: unknown;
}

/** Every named example of every error answer (4xx, 5xx) of every operation, JSON or not. */
export function errorExamples(): ErrorExample[] {
  const list: ErrorExample[] = [];
  for (const [path, item] of Object.entries(CONTRACT.paths as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op) continue;
      for (const [status, raw] of Object.entries(op.responses as Json)) {
        if (!/^[45]/.test(status)) continue;
        const content = (resolve(raw).content ?? {}) as Json;
        for (const [media, entry] of Object.entries(content)) {
          const examples = (resolve(entry).examples ?? {}) as Json;
          for (const [name, example] of Object.entries(examples)) {
            list.push({
              operation: `${method.toUpperCase()} ${path}`,
              status: Number(status),
              media,
              name,
              value: resolve(example).value,
            });
          }
        }
      }
    }
  }
  return list;
}
