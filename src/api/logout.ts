import { isSendableToken } from '../lib/token';
import { clearSession, getSession } from '../session/session';
import { client } from './client';

/**
 * SPEC §4 Logout, in the order that cannot leak: the stored session (token and admin token) is
 * cleared FIRST, then the server is told with the token captured before clearing, without
 * waiting for its answer (a server that does not answer keeps nothing stored). `keepalive` lets
 * the request outlive a full page navigation. The third-party identities reset when the session
 * changes (see SessionData in the app).
 */
export function logOut(): void {
  const { token } = getSession();
  clearSession();
  if (!isSendableToken(token)) return;
  void client
    .POST('/user/logout', { headers: { Authorization: `Bearer ${token}` }, keepalive: true })
    .catch(() => undefined);
}
