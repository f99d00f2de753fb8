import { describe, expect, it } from 'vitest';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { CONTRACT_HASH, HASH_HEADER, readHashHeader } from '../../src/api/hash-header';

describe('the openapi-hash header', () => {
  const withHash = (hash?: string) =>
    new Response(null, { headers: hash === undefined ? {} : { [HASH_HEADER]: hash } });

  it('reads the current hash', () => {
    expect(readHashHeader(withHash(OPENAPI_HASH), CONTRACT_HASH)).toEqual({
      state: 'current',
      hash: OPENAPI_HASH,
    });
  });

  it("tells a missing header from another contract's hash (which it returns as received)", () => {
    expect(readHashHeader(withHash(), CONTRACT_HASH)).toEqual({ state: 'missing' });
    const other = 'e'.repeat(64);
    expect(readHashHeader(withHash(other), CONTRACT_HASH)).toEqual({
      state: 'different',
      hash: other,
    });
  });
});
