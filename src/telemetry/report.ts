type Reporter = (error: unknown, tags: Record<string, string>) => void;
let reporter: Reporter | null = null;

/** Reports made while error reporting is still loading: sent once it runs, dropped if it fails. */
let waiting: [unknown, Record<string, string>][] | null = null;
/** Enough for a failing first screen; a flood before Sentry loads is not worth holding. */
export const MAX_WAITING_REPORTS = 20;

/**
 * Error reporting is configured and on its way (sentry.ts is loaded lazily): keep what is reported
 * meanwhile, so a failure of the first screen (which renders before Sentry has loaded) is not lost.
 */
export function awaitReporter(): void {
  if (!reporter) waiting ??= [];
}

/**
 * Set by sentry.ts once Sentry has loaded (the waiting reports go to it, in order); `null` when
 * it could not load (the waiting reports are dropped). Without a DSN reports are dropped.
 */
export function setReporter(next: Reporter | null): void {
  reporter = next;
  const queued = waiting ?? [];
  waiting = null;
  for (const [error, tags] of queued) send(error, tags);
}

/**
 * Tags for a report: an API error's kind, status and operation when the error carries them.
 * Read by shape, so telemetry (below the API layer) never imports it.
 */
function reportTags(error: unknown): Record<string, string> {
  const tags: Record<string, string> = {};
  if (typeof error !== 'object' || error === null) return tags;
  const { kind, status, operation } = error as Record<string, unknown>;
  if (typeof kind === 'string') tags.kind = kind;
  if (typeof status === 'number') tags.status = String(status);
  if (typeof operation === 'string') tags.operation = operation;
  return tags;
}

function send(error: unknown, tags: Record<string, string>): void {
  if (!reporter) return;
  try {
    reporter(error, tags);
  } catch {
    // error tracking must never break the app
  }
}

export function reportError(error: unknown, extraTags: Record<string, string> = {}): void {
  const tags = { ...reportTags(error), ...extraTags };
  if (!reporter) {
    if (waiting && waiting.length < MAX_WAITING_REPORTS) waiting.push([error, tags]);
    return;
  }
  send(error, tags);
}
