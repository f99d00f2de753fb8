import { isApiError } from '../api/error-catalogue';

type Reporter = (error: unknown, tags: Record<string, string>) => void;
let reporter: Reporter | null = null;

/** Set by sentry.ts once Sentry has loaded; until then (or without a DSN) reports are dropped. */
export function setReporter(next: Reporter | null): void {
  reporter = next;
}

export function reportError(error: unknown): void {
  if (!reporter) return;
  const tags: Record<string, string> = {};
  if (isApiError(error)) {
    tags.kind = error.kind;
    if (error.status !== undefined) tags.status = String(error.status);
    if (error.operation) tags.operation = error.operation;
  }
  try {
    reporter(error, tags);
  } catch {
    // error tracking must never break the app
  }
}
