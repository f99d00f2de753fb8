// What a world's domains share: the contract's error answers and a few small helpers.
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
