import type * as SentryModule from '@sentry/react';

/**
 * Bug-report feedback through Sentry's feedback integration (SPEC §5/§8/§9). It exists only when
 * error reporting is configured: the shell's "Report a bug" entry is hidden otherwise.
 *
 * From the SPEC, built into the integration: the message is required, and a missing one reads
 * "Please enter in the following required fields: ..."; a send times out after 30000 ms; the
 * success message closes after 5000 ms. The contact email is scrubbed from the event like every
 * other event (scrub.ts, in the global event processor): the form therefore asks for neither a
 * name nor an email, and takes no screenshot (a screenshot cannot be scrubbed).
 */
const FEEDBACK_FAILED_MESSAGE =
  'Unable to send feedback. This could be because of network issues, or because you are using an ad-blocker.';

type Sentry = Pick<typeof SentryModule, 'feedbackIntegration' | 'addIntegration'>;
type FeedbackIntegration = ReturnType<typeof SentryModule.feedbackIntegration>;
type FeedbackForm = Awaited<ReturnType<FeedbackIntegration['createForm']>>;
type FeedbackOptions = NonNullable<Parameters<typeof SentryModule.feedbackIntegration>[0]>;

const FEEDBACK_OPTIONS = {
  autoInject: false,
  showBranding: false,
  showName: false,
  showEmail: false,
  isNameRequired: false,
  isEmailRequired: false,
  enableScreenshot: false,
  colorScheme: 'light',
  formTitle: 'Report a bug',
  submitButtonLabel: 'Send bug report',
  messageLabel: 'Description',
  // One failure text whatever the cause (network, ad-blocker, refused, no answer in 30000 ms).
  errorGenericText: FEEDBACK_FAILED_MESSAGE,
  errorForbiddenText: FEEDBACK_FAILED_MESSAGE,
  errorTimeoutText: FEEDBACK_FAILED_MESSAGE,
} satisfies FeedbackOptions;

let integration: FeedbackIntegration | null = null;
let form: Promise<FeedbackForm> | null = null;
let trigger: HTMLElement | null = null;
let stopEscape: (() => void) | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Called by sentry.ts once Sentry is initialised. */
export function enableFeedback(sentry: Sentry): void {
  try {
    const next = sentry.feedbackIntegration(FEEDBACK_OPTIONS);
    sentry.addIntegration(next);
    integration = next;
  } catch {
    integration = null;
  }
  emit();
}

export function isFeedbackAvailable(): boolean {
  return integration !== null;
}

export function subscribeFeedback(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Focus goes back to the entry that opened the form. */
function closed() {
  stopEscape?.();
  stopEscape = null;
  trigger?.focus();
}

/**
 * Opens the form (created once; a sent report starts a fresh one next time). `accent` is the
 * console's primary colour, so the form's buttons match the console.
 */
export async function openFeedback(opener?: HTMLElement | null, accent?: string): Promise<boolean> {
  if (!integration) return false;
  trigger = opener ?? null;
  try {
    form ??= integration.createForm({
      ...(accent ? { themeLight: { accentBackground: accent, accentForeground: '#ffffff' } } : {}),
      onFormClose: closed,
      onFormSubmitted: () => {
        const done = form;
        form = null;
        void done?.then((f) => f.removeFromDom());
        closed();
      },
    });
    const current = await form;
    current.appendToDom();
    current.open();
    stopEscape?.();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      current.close();
      closed();
    };
    window.addEventListener('keydown', onKey, true);
    stopEscape = () => window.removeEventListener('keydown', onKey, true);
    return true;
  } catch {
    form = null;
    return false;
  }
}
