import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { logOut } from '../../api/logout';
import { PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';

/** SPEC §4 Logout: the session is cleared at once, the server is told in the background, login. */
export function LogoutPage() {
  usePageTitle('Log Out');
  const [, navigate] = useLocation();
  useEffect(() => {
    logOut();
    navigate('/login', { replace: true });
  }, [navigate]);
  return <PageLoading label="Logging out" />;
}
