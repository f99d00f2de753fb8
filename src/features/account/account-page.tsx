import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'wouter';
import { useCurrentUser } from '../../api/current-user';
import { accountPageAccess } from '../../lib/roles';
import { PageHeader } from '../../ui/page-header';
import { PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { SectionCard } from '../../ui/section-card';
import { AdminsSection } from './admins-section';
import { CollaboratorsSection } from './collaborators-section';
import { IntegrationsSection } from './integrations-section';
import { LoginDetailsSection } from './login-details-section';
import { TeamsSection } from './teams-section';

/**
 * SPEC §2 "My Account": log-in details, integrations (with the flag), Manage Users and Manage
 * Teams, each shown by the role rules of SPEC §6 (src/lib/roles.ts).
 */
export function AccountPage() {
  usePageTitle('My Account');
  const user = useCurrentUser();
  const header = (
    <PageHeader
      title="My Account"
      actions={
        <Button component={RouterLink} href="/logout" variant="outlined">
          Log Out
        </Button>
      }
    />
  );

  if (user.isPending)
    return (
      <>
        {header}
        <PageLoading />
      </>
    );
  if (user.isError)
    return (
      <>
        {header}
        <PageError error={user.error} onRetry={() => void user.refetch()} />
      </>
    );

  const me = user.data;
  const access = accountPageAccess(me);
  return (
    <>
      {header}
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <LoginDetailsSection user={me} />
        {access.integrations ? <IntegrationsSection user={me} /> : null}
        {access.manageUsers ? (
          <SectionCard title="Manage Users">
            <Stack spacing={4}>
              {access.admins ? <AdminsSection user={me} listed={access.adminList} /> : null}
              {access.collaborators ? <CollaboratorsSection /> : null}
            </Stack>
          </SectionCard>
        ) : null}
        <TeamsSection access={access} />
      </Stack>
    </>
  );
}
