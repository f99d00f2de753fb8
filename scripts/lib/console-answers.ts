// The console's own check of a success answer (the generated validators the app runs in
// src/api/response-validation.ts), for `npm run contract:verify`: an answer Prism accepts but the
// console would refuse fails there too. Every operation's validators are loaded up front.
import { RESPONSE_VALIDATORS } from '../../generated/response-validators';
import type { OperationValidators } from '../../generated/response-validators';
import { checkAnswer } from '../../src/api/response-validation';
import type { ContractViolation } from '../../src/api/response-validation';

const loaded = new Map<string, OperationValidators>(
  await Promise.all(
    Object.entries(RESPONSE_VALIDATORS).map(async ([key, load]) => [key, await load()] as const),
  ),
);

/** The console's verdict on a success answer of `operation` ("GET /teams"): null when it accepts it. */
export function consoleViolation(
  operation: string,
  status: number,
  body: unknown,
): ContractViolation | null {
  return checkAnswer(loaded.get(operation), operation, status, body, false).violation;
}
