import { useEffect, useSyncExternalStore } from 'react';
import type { ApiError } from './error-catalogue';

/**
 * The proposed calls (x-spec-gap `adds-call`, openapi/PROPOSALS.md) a backend built to the SPEC
 * alone does not have. Each screen part that uses one asks whether the server lacks it: a 404 or
 * 501 answer to the call marks it missing for the rest of this session (this page load), and the
 * part hides itself or says once that the server does not offer it. It is never asked again.
 */
export type ProposedOperation =
  'getTeamHistory' | 'listExemptions' | 'createExemption' | 'endExemption' | 'listActivity';

const missing = new Set<ProposedOperation>();
const listeners = new Set<() => void>();

/** A 404 or 501 answer: the server does not have the call. */
export function lacksOperation(error: ApiError | null | undefined): boolean {
  return !!error && (error.kind === 'notFound' || error.status === 501);
}

/** Remember that the server lacks this call (once per session). */
export function markOperationMissing(operation: ProposedOperation): void {
  if (missing.has(operation)) return;
  missing.add(operation);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the server is known to lack the call; re-renders when it becomes known. */
export function useOperationMissing(operation: ProposedOperation): boolean {
  return useSyncExternalStore(
    subscribe,
    () => missing.has(operation),
    () => false,
  );
}

/**
 * For a query of a proposed call: marks the call missing when it failed with a 404 or 501, and
 * answers whether the call is missing (the query should then be disabled and its part hidden).
 */
export function useMissingOnFailure(
  operation: ProposedOperation,
  error: ApiError | null | undefined,
): boolean {
  const known = useOperationMissing(operation);
  const lacks = lacksOperation(error);
  useEffect(() => {
    if (lacks) markOperationMissing(operation);
  }, [lacks, operation]);
  return known || lacks;
}
