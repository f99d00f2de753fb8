// Type tests (vitest --typecheck, tests/**/*.test-d.ts): the query hooks' data and error types.
// The hooks are never called: a type test is compiled, not run.
import { describe, expectTypeOf, it } from 'vitest';
import type { components } from '../../generated/api';
import type { ApiError } from '../../src/api/error-catalogue';
import type {
  ErrorBody,
  PaymentRequiredBody,
  SubscriptionConstraint,
} from '../../src/api/error-catalogue';
import { $api } from '../../src/api/query';

type Device = components['schemas']['Device'];

describe("the query hooks' error type is ApiError", () => {
  it('useQuery, useMutation and queryOptions carry the contract types and ApiError', () => {
    const device = $api.useQuery(
      'get',
      '/device/{deviceId}',
      { params: { path: { deviceId: 'de000000-0000-4000-8000-000000000001' } } },
      {
        retry: (_count, error) => {
          expectTypeOf(error).toEqualTypeOf<ApiError>();
          return false;
        },
      },
    );
    expectTypeOf(device.error).toEqualTypeOf<ApiError | null>();
    // The library's data type (its Readable<> view of the generated schema): the same shape.
    expectTypeOf(device.data).toExtend<Device | undefined>();
    expectTypeOf<Device | undefined>().toExtend<typeof device.data>();
    if (device.isError) {
      expectTypeOf(device.error).toEqualTypeOf<ApiError>();
      expectTypeOf(device.error.body).toEqualTypeOf<ErrorBody | PaymentRequiredBody | undefined>();
      expectTypeOf(device.error.constraint).toEqualTypeOf<SubscriptionConstraint | undefined>();
    }

    // select still shapes the data; the error stays ApiError.
    const names = $api.useQuery(
      'get',
      '/teams',
      {},
      { select: (teams) => teams.map((t) => t.name) },
    );
    expectTypeOf(names.data).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(names.error).toEqualTypeOf<ApiError | null>();

    const rename = $api.useMutation('patch', '/device/{deviceId}/rename', {
      onError: (error) => expectTypeOf(error).toEqualTypeOf<ApiError>(),
    });
    expectTypeOf(rename.error).toEqualTypeOf<ApiError | null>();
    // The init is still checked against the contract: the body needs deviceName.
    // @ts-expect-error deviceName is required by the contract
    rename.mutate({ params: { path: { deviceId: 'x' } }, body: {} });

    const options = $api.queryOptions('get', '/user');
    expectTypeOf(options.queryKey[0]).toEqualTypeOf<'get'>();
    expectTypeOf(options.queryFn).returns.resolves.toEqualTypeOf<components['schemas']['User']>();
  });
});
