// Decisions about the contract that several tools make, each written once: whether an operation
// can be called signed out, and which operation a request is. The sandbox (scripts/sandbox/),
// the validating proxy (proxy-report.ts), the breaking-change diff (contract-diff.ts) and
// contract:verify (verify-run.ts) import them from here.
import { isObject, objectOr } from './openapi-doc';

/**
 * Whether an operation can be called without credentials: its `security` (else the document's)
 * is absent or empty, or lists an empty requirement `{}`, which OpenAPI defines as "anonymous
 * access is allowed" (one of the listed alternatives suffices).
 */
export function operationIsPublic(document: unknown, operation: unknown): boolean {
  const raw = objectOr(operation).security ?? objectOr(document).security;
  const requirements: unknown[] = Array.isArray(raw) ? raw : [];
  return (
    requirements.length === 0 ||
    requirements.some(
      (requirement) => isObject(requirement) && Object.keys(requirement).length === 0,
    )
  );
}

/** A path template ready to match request paths. */
export interface PathMatcher {
  /** The template as a regular expression, one group per parameter (a trailing slash allowed). */
  pattern: RegExp;
  /** The parameters' names, in the order of the pattern's groups. */
  params: string[];
  /** For each segment: true when it is literal text, false when it holds a parameter. */
  literals: boolean[];
}

/** The matcher of a path template ('/team/{teamId}/devices'). */
export function pathMatcher(template: string): PathMatcher {
  const params: string[] = [];
  const literals: boolean[] = [];
  const source = template
    .split('/')
    .map((segment) => {
      const parts = segment.split(/(\{[^}]+\})/);
      literals.push(parts.length === 1);
      return parts
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          params.push(name);
          return '([^/]+)';
        })
        .join('');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), params, literals };
}

/**
 * The operation a request is (its method, and its path without the query), or undefined. Where
 * several templates match, the one whose first differing segment is literal wins, as OpenAPI
 * orders them: `/user/admins` before `/user/{id}`, whatever the document's order.
 */
export function matchOperation<T extends { method: string } & PathMatcher>(
  operations: readonly T[],
  method: string,
  url: string,
): T | undefined {
  const pathname = String(url).split('?')[0] ?? '';
  const wanted = method.toUpperCase();
  let best: T | undefined;
  for (const operation of operations) {
    if (operation.method !== wanted || !operation.pattern.test(pathname)) continue;
    if (!best) best = operation;
    else {
      const at = operation.literals.findIndex((literal, i) => literal !== best!.literals[i]);
      if (at !== -1 && operation.literals[at]) best = operation;
    }
  }
  return best;
}
