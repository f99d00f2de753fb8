import { SLACK_CALLBACK_PATH } from '../../lib/constants';

export interface SlackSettings {
  authorizeUrl: string;
  clientId: string;
  scope: string;
}

/** An http(s) address as given, or null (anything else is never turned into a link). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where "Add" sends the user to authorise Slack, coming back to /slack/connect on this origin.
 * Null when the console has no Slack client id (the authorisation would be a dead end).
 */
export function slackAuthorizeUrl(settings: SlackSettings, origin: string): string | null {
  const clientId = settings.clientId.trim();
  const base = safeHttpUrl(settings.authorizeUrl);
  if (!clientId || !base || !origin || origin === 'null') return null;
  const url = new URL(base);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('scope', settings.scope);
  url.searchParams.set('redirect_uri', `${origin}${SLACK_CALLBACK_PATH}`);
  return url.href;
}

/**
 * SPEC §2: the callback's query is handed to GET /slack/auth as it is, when it starts with a
 * code. Returns that query without its "?", or null when there is no code to pass on.
 */
export function slackCallbackQuery(search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query.startsWith('code=')) return null;
  const code = new URLSearchParams(query).get('code');
  return code && code.trim() ? query : null;
}
