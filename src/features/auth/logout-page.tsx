import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { client } from '../../api/client';
import { clearSession, getSession } from '../../session/session';
import { PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';

/**
 * SPEC §4 Logout: clear the token and the admin token (the third-party identities reset when
 * the session changes, see telemetry), tell the server, go to login.
 */
export function LogoutPage() {
  usePageTitle('Log Out');
  const [, navigate] = useLocation();
  useEffect(() => {
    const hadToken = getSession().token !== null;
    const request = hadToken
      ? client.POST('/user/logout').catch(() => undefined)
      : Promise.resolve();
    // The session is cleared at once; the server call is best effort.
    void request.finally(() => {
      clearSession();
      navigate('/login', { replace: true });
    });
  }, [navigate]);
  return <PageLoading label="Logging out" />;
}
