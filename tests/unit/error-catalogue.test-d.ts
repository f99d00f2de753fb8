// Type tests (vitest --typecheck): ApiError's body is typed from the contract's error bodies.
import { describe, expectTypeOf, it } from 'vitest';
import type { paths } from '../../generated/api';
import type {
  ApiError,
  ApiErrorBody,
  ErrorBody,
  PaymentRequiredBody,
  SubscriptionConstraint,
} from '../../src/api/error-catalogue';
import { SUBSCRIPTION_MESSAGES } from '../../src/api/error-catalogue';

describe('error bodies are typed from the contract', () => {
  // Every operation's declared JSON error bodies, from the generated types.
  type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
  type JsonErrorBodies = {
    [P in keyof paths]: {
      [M in Method]: paths[P][M] extends { responses: infer R }
        ? {
            [S in keyof R]: S extends 200 | 201 | 202 | 204
              ? never
              : R[S] extends { content: { 'application/json': infer B } }
                ? B
                : never;
          }[keyof R]
        : never;
    }[Method];
  }[keyof paths];

  it("ApiError.body is exactly the union of every operation's declared JSON error bodies", () => {
    expectTypeOf<JsonErrorBodies>().toEqualTypeOf<ApiErrorBody>();
    expectTypeOf<ApiErrorBody>().toEqualTypeOf<ErrorBody | PaymentRequiredBody>();
    expectTypeOf<ApiError['body']>().toEqualTypeOf<ApiErrorBody | undefined>();
    // The 402 constraint is the contract's enum, and every value has its message.
    expectTypeOf<SubscriptionConstraint>().toEqualTypeOf<'Overdue' | 'Canceled' | 'Paused'>();
    expectTypeOf<keyof typeof SUBSCRIPTION_MESSAGES>().toEqualTypeOf<SubscriptionConstraint>();
  });
});
