import { getSession } from '../session/session';
import { enableFeedback } from './feedback';
import { setReporter } from './report';
import { scrubEvent, scrubText } from './scrub';

const secrets = () => {
  const session = getSession();
  return { tokens: [session.token, session.adminToken] };
};

/**
 * Sentry starts only when a DSN is configured, and is loaded lazily so that no page pays
 * for it otherwise. Ingestion may be unreachable: Sentry then drops events quietly.
 *
 * Nothing leaves unscrubbed. Sentry 11 streams spans by default (`traceLifecycle: 'stream'`): span
 * envelopes skip beforeSend and beforeSendTransaction, so `beforeSendSpan` scrubs every span, and
 * span names are scrubbed when the span starts (they feed the trace context too). Errors,
 * transactions, breadcrumbs and (through the event processor) feedback are scrubbed as well.
 */
export async function initSentry(
  dsn: string | undefined,
  tunnel: string | undefined,
): Promise<boolean> {
  if (!dsn) return false;
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn,
      tunnel,
      tracesSampleRate: 1,
      // Collect no user info, cookies, headers, bodies or query strings in the first place.
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
      },
      integrations: [
        Sentry.browserTracingIntegration({
          beforeStartSpan: (context) => ({ ...context, name: scrubText(context.name, secrets()) }),
        }),
      ],
      beforeSend: (event) => scrubEvent(event, secrets()),
      beforeSendTransaction: (event) => scrubEvent(event, secrets()),
      beforeSendSpan: (span) => scrubEvent(span, secrets()),
      beforeBreadcrumb: (crumb) => scrubEvent(crumb, secrets()),
    });
    // Feedback events do not pass through beforeSend: scrub them here too.
    Sentry.getGlobalScope().addEventProcessor((event) => scrubEvent(event, secrets()));
    setReporter((error, tags) => Sentry.captureException(error, { tags }));
    // Bug-report feedback (the shell's "Report a bug"), only when error reporting runs.
    enableFeedback(Sentry);
    return true;
  } catch {
    return false;
  }
}
