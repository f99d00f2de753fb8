type Reporter = (error: unknown, tags: Record<string, string>) => void;
let reporter: Reporter | null = null;

/** Set by sentry.ts once Sentry has loaded; until then (or without a DSN) reports are dropped. */
export function setReporter(next: Reporter | null): void {
  reporter = next;
}

/**
 * Tags for a report: an API error's kind, status and operation when the error carries them.
 * Read by shape, so telemetry (below the API layer) never imports it.
 */
export function reportTags(error: unknown): Record<string, string> {
  const tags: Record<string, string> = {};
  if (typeof error !== 'object' || error === null) return tags;
  const { kind, status, operation } = error as Record<string, unknown>;
  if (typeof kind === 'string') tags.kind = kind;
  if (typeof status === 'number') tags.status = String(status);
  if (typeof operation === 'string') tags.operation = operation;
  return tags;
}

export function reportError(error: unknown, extraTags: Record<string, string> = {}): void {
  if (!reporter) return;
  try {
    reporter(error, { ...reportTags(error), ...extraTags });
  } catch {
    // error tracking must never break the app
  }
}
