import { PageHeader } from '../../ui/page-header';
import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { $api } from '../../api/query';
import type { PageProps } from '../../ui/page-props';
import { BidiText } from '../../ui/bidi-text';
import { InviteLinkDialogOnDemand } from '../../ui/invite-link-dialog-on-demand';
import { PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { UpdatedAgo, liveQueryOptions } from '../../ui/live-status';
import { ExportComplianceButton } from './export-compliance-button';
import { NotReportingSection } from './not-reporting-section';
import { RequiredChecksSection } from './required-checks-section';

// The compliance chart is its own chunk, requested once the overview has painted its data.
const ComplianceHistory = lazy(async () => ({
  default: (await import('./compliance-history')).ComplianceHistory,
}));

/**
 * SPEC §2 Team overview: "{Team name} Overview", the Invite Link button, a notice for a team
 * without devices, devices not reporting and failing required checks.
 * The team and its overview are requested together; neither waits for the other.
 */
export function OverviewPage({ params }: PageProps) {
  const teamId = params.teamId ?? '';
  const path = { params: { path: { teamId } } };
  const [inviteOpen, setInviteOpen] = useState(false);
  // Live status: refreshed every minute while visible, never while the invite dialog is open.
  const live = liveQueryOptions(inviteOpen);
  const team = $api.useQuery('get', '/team/{teamId}', path, live);
  const overview = $api.useQuery('get', '/team/{teamId}/overview', path, live);
  const title = team.data ? `${team.data.name} Overview` : 'Overview';
  usePageTitle(title);
  const heading = team.data ? (
    <>
      <BidiText text={team.data.name} /> Overview
    </>
  ) : (
    'Overview'
  );

  // Fixed order: error (either request), pending, empty (the notice alone: nothing passes or
  // reports in a team without devices), data. A failed background refresh keeps what is shown.
  let body: ReactNode;
  const error =
    team.isError && !team.data
      ? team.error
      : overview.isError && !overview.data
        ? overview.error
        : null;
  if (error) {
    const gone = error.kind === 'notFound';
    body = (
      <PageError
        error={error}
        onRetry={
          gone
            ? undefined
            : () => {
                if (team.isError) void team.refetch();
                if (overview.isError) void overview.refetch();
              }
        }
      />
    );
  } else if (!team.data || !overview.data) {
    body = <PageLoading label="Loading the overview" />;
  } else if (team.data.deviceCount === 0) {
    body = (
      <Alert
        severity="info"
        data-testid="no-devices-notice"
        action={
          <Button color="inherit" variant="outlined" onClick={() => setInviteOpen(true)}>
            Link a device
          </Button>
        }
        sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      >
        <AlertTitle>No devices in {team.data.name} yet</AlertTitle>
        This team has no devices yet. Share the invite link with your team members so they can link
        their devices.
      </Alert>
    );
  } else {
    const data = overview.data;
    body = (
      <Stack spacing={3}>
        <NotReportingSection teamId={teamId} outdated={data.outdatedDevices} />
        <RequiredChecksSection checks={data.requiredChecks} teamId={teamId} />
        <Suspense fallback={null}>
          <ComplianceHistory teamId={teamId} />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Box sx={{ pb: 4 }}>
      <PageHeader
        title={heading}
        status={overview.data ? <UpdatedAgo updatedAt={overview.dataUpdatedAt} /> : undefined}
        actions={
          team.isError && !team.data ? undefined : (
            <>
              {team.data && overview.data && team.data.deviceCount > 0 ? (
                <ExportComplianceButton
                  teamId={teamId}
                  teamName={team.data.name}
                  checks={overview.data.requiredChecks}
                />
              ) : null}
              <Button variant="contained" onClick={() => setInviteOpen(true)}>
                Invite Link
              </Button>
            </>
          )
        }
      />
      {body}
      <InviteLinkDialogOnDemand
        open={inviteOpen}
        onClose={() => setInviteOpen(false)}
        teamId={teamId}
      />
    </Box>
  );
}
