// Type tests (vitest --typecheck): the openapi-hash header is typed from the generated component.
import { describe, expectTypeOf, it } from 'vitest';
import type { components, paths } from '../../generated/api';
import type { OPENAPI_HASH } from '../../generated/openapi-hash';
import { CONTRACT_HASH, readHashHeader } from '../../src/api/hash-header';
import type { HashHeader, OpenapiHash } from '../../src/api/hash-header';

describe('the openapi-hash header', () => {
  it('is typed as the component: the literal hash of this build, on every response', () => {
    expectTypeOf<OpenapiHash>().toEqualTypeOf<components['headers']['OpenapiHash']>();
    expectTypeOf<OpenapiHash>().toEqualTypeOf<typeof OPENAPI_HASH>();
    expectTypeOf(CONTRACT_HASH).toEqualTypeOf<OpenapiHash>();
    // Every response of every operation declares the header with this type.
    type HashHeaders = {
      [P in keyof paths]: {
        [M in 'get' | 'put' | 'post' | 'delete' | 'patch']: paths[P][M] extends {
          responses: infer R;
        }
          ? {
              [S in keyof R]: R[S] extends { headers: { 'openapi-hash': infer H } } ? H : 'missing';
            }[keyof R]
          : never;
      }['get' | 'put' | 'post' | 'delete' | 'patch'];
    }[keyof paths];
    expectTypeOf<HashHeaders>().toEqualTypeOf<OpenapiHash>();
  });

  it('reads as HashHeader<OpenapiHash>: the current hash typed, another one a string', () => {
    const read = readHashHeader(new Response(null), CONTRACT_HASH);
    expectTypeOf(read).toEqualTypeOf<HashHeader<OpenapiHash>>();
    if (read.state === 'current') expectTypeOf(read.hash).toEqualTypeOf<OpenapiHash>();
    if (read.state === 'different') expectTypeOf(read.hash).toEqualTypeOf<string>();
  });
});
