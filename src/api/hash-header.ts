import type { components } from '../../generated/api';
import { OPENAPI_HASH } from '../../generated/openapi-hash';

/** Every response of the contract carries this header (components.headers.OpenapiHash). */
export const HASH_HEADER = 'openapi-hash';

/** The header's type, generated from the component: the hash of the contract this build implements. */
export type OpenapiHash = components['headers']['OpenapiHash'];

/**
 * The hash this build was generated from, typed as the header component (so tsc fails should
 * generated/openapi-hash.ts and generated/api.d.ts ever disagree).
 */
export const CONTRACT_HASH: OpenapiHash = OPENAPI_HASH;

/**
 * An answer's `openapi-hash` header, read against the hash a client expects: missing, the expected
 * hash (typed as it: `OpenapiHash` for `CONTRACT_HASH`), or a different contract's hash.
 */
export type HashHeader<Expected extends string = OpenapiHash> =
  | { state: 'missing' }
  | { state: 'current'; hash: Expected }
  | { state: 'different'; hash: string };

export function readHashHeader<Expected extends string>(
  response: { readonly headers: Headers },
  expected: Expected,
): HashHeader<Expected> {
  const hash = response.headers.get(HASH_HEADER);
  if (hash === null) return { state: 'missing' };
  // The received text equals the expected hash, so the expected value (with its type) stands for it.
  if (hash === expected) return { state: 'current', hash: expected };
  return { state: 'different', hash };
}
