// Type tests (vitest --typecheck): a sandbox handler names its operation as the contract does.
import { describe, expectTypeOf, it } from 'vitest';
import type { OperationKey } from '../../scripts/sandbox/http';

describe("a sandbox handler's operation key", () => {
  it('is an operation of the contract: a method the path lacks, or a typo, is a type error', () => {
    expectTypeOf<'GET /team/{teamId}/devices'>().toExtend<OperationKey>();
    expectTypeOf<'PATCH /device/{deviceId}/move'>().toExtend<OperationKey>();
    expectTypeOf<'GET /teamz'>().not.toExtend<OperationKey>();
    expectTypeOf<'DELETE /teams'>().not.toExtend<OperationKey>();
    expectTypeOf<'GET /team/{id}/devices'>().not.toExtend<OperationKey>();
  });
});
