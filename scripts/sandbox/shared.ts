// What a world's domains share: the contract's error answers and a few small helpers.
import type { Collection, Condition } from '@msw/data';
import { example } from './contract';
import type { Schemas } from './records';

export const DAY = 24 * 60 * 60 * 1000;

/** An answer other than success: the contract's error shapes (ErrorBody, PaymentRequired). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: Schemas['ErrorBody'],
  ) {
    super(`${status} ${JSON.stringify(body)}`);
  }
}
export const badRequest = (...errors: string[]) => new ApiProblem(400, { errors });
export const notFound = (message = 'Not found') => new ApiProblem(404, { message });

/** The body of a 400 the contract names (e.g. updateBilling's deviceLimitBelowUsage). */
export function contractProblem(key: string, name: string): ApiProblem {
  return new ApiProblem(400, example<Schemas['ErrorBody']>(key, name, 400));
}

export const sameEmail = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();
export const iso = (time: number) => new Date(time).toISOString();
export const capitalised = (email: string) => {
  const local = email.split('@')[0]!.split(/[._+-]/)[0] || 'Someone';
  return local.charAt(0).toUpperCase() + local.slice(1);
};

type AnySchema = ConstructorParameters<typeof Collection>[0]['schema'];
type RecordOf<S extends AnySchema> = ReturnType<Collection<S>['all']>[number];

/** Sets fields of the first record `where` finds (@msw/data's `update`, assigned to its draft). */
export async function setFields<S extends AnySchema>(
  collection: Collection<S>,
  where: Condition<RecordOf<S>>,
  fields: Partial<RecordOf<S>>,
): Promise<void> {
  await collection.update((q) => q.where(where), {
    data(draft) {
      Object.assign(draft as object, fields);
    },
  });
}
