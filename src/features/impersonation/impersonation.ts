import { messageOf } from '../../api/error-catalogue';

/** SPEC §4/§8: every failure reads "Impersonation failed", with the catalogue's reason. */
export function impersonationFailure(error: unknown): string {
  const reason = messageOf(error);
  return reason ? `Impersonation failed: ${reason}` : 'Impersonation failed';
}

/** The answer must carry a token; anything else is a failed impersonation, not a broken session. */
export function tokenOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const token = (data as { token?: unknown }).token;
  return typeof token === 'string' && token.trim() !== '' ? token : null;
}

export const NO_TOKEN_FAILURE = 'Impersonation failed: the server did not answer with a session.';
