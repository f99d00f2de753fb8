// Types for scripts/lib/verify-plan.mjs (so TypeScript tests can import it).
export interface VerifyStep {
  op: string;
  kind: 'session' | 'read' | 'refusal' | 'write' | 'irreversible';
  requires?: string[];
  provides?: string[];
  wants?: string[];
  cleans?: string;
  followUp?: boolean;
  expect?: 'success' | 'refusal' | 'answered';
  note?: string;
}
export declare const STEPS: readonly VerifyStep[];
/** Every operationId the plan calls, sorted. */
export declare const PLAN_OPERATIONS: readonly string[];
export declare function totp(secret: string, now?: number): string | undefined;
