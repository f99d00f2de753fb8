import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'wouter';
import { pickActiveTeam, useCurrentUser, useTeams } from '../../api/current-user';
import type { User } from '../../api/current-user';
import { ONBOARDING_STEP_IDS, ONBOARDING_STEP_LABELS } from '../../lib/onboarding';
import { useSession } from '../../session/session';
import { PageHeader } from '../../ui/page-header';
import type { PageProps } from '../../ui/page-props';
import { EmptyState, PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { ChecksStep } from './checks-step';
import { DeviceStep } from './device-step';
import { NoticesStep } from './notices-step';
import { useOnboardingProgress } from './use-onboarding-progress';

export const ONBOARDING_DONE = 'Onboarding already completed';

function AlreadyCompleted() {
  usePageTitle(ONBOARDING_DONE);
  return (
    <Box sx={{ pb: 4 }}>
      <PageHeader title={ONBOARDING_DONE} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>
          Your account is already set up. Your teams and their devices are in the console.
        </Typography>
        <Button variant="contained" component={RouterLink} href="/">
          Go to the console
        </Button>
      </Paper>
    </Box>
  );
}

/** The three steps in order, with the progress visible and kept across a reload. */
function Onboarding({
  user,
  teamId,
  onFinishing,
}: {
  user: User;
  teamId: string;
  onFinishing(): void;
}) {
  const { progress, update, clear } = useOnboardingProgress(user.id);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const index = ONBOARDING_STEP_IDS.indexOf(progress.step);
  const label = ONBOARDING_STEP_LABELS[progress.step];

  const completed = async () => {
    clear();
    onFinishing();
    // The refreshed user says onboarding is completed; `/` then takes them to their team.
    await queryClient.invalidateQueries({ queryKey: ['get', '/user'] });
    navigate('/', { replace: true });
  };

  let body;
  if (progress.step === 'checks') {
    body = (
      <ChecksStep
        teamId={teamId}
        preset={progress.preset}
        onPresetChange={(preset) => update({ preset })}
        onDone={() => update({ step: 'device' })}
      />
    );
  } else if (progress.step === 'device') {
    body = <DeviceStep teamId={teamId} onDone={() => update({ step: 'notices' })} />;
  } else {
    body = (
      <NoticesStep
        form={progress.notices}
        onChange={(notices) => update({ notices })}
        onCompleted={completed}
      />
    );
  }

  return (
    <Box sx={{ pb: 4, maxWidth: 760, mx: 'auto' }}>
      <PageHeader
        title="Welcome"
        subtitle="Three steps from your new account to a first reporting device."
      />
      <Stepper activeStep={index} alternativeLabel sx={{ mb: 3 }}>
        {ONBOARDING_STEP_IDS.map((id) => (
          <Step key={id}>
            <StepLabel>{ONBOARDING_STEP_LABELS[id]}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body2" color="text.secondary">
          Step {index + 1} of {ONBOARDING_STEP_IDS.length}
        </Typography>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {label}
        </Typography>
        {body}
      </Paper>
    </Box>
  );
}

/**
 * SPEC §2 `/welcome`: onboarding for a user whose onboarding is not completed, on the active
 * team; everyone else sees "Onboarding already completed".
 */
export function WelcomePage(_props: PageProps) {
  const user = useCurrentUser();
  const teams = useTeams();
  const session = useSession();
  const [finishing, setFinishing] = useState(false);

  if (user.isPending) return <PageLoading />;
  if (user.isError) return <PageError error={user.error} onRetry={() => void user.refetch()} />;
  if (user.data.onboardingCompleted)
    return finishing ? <PageLoading label="Finishing setup" /> : <AlreadyCompleted />;
  if (teams.isPending) return <PageLoading />;
  if (teams.isError) return <PageError error={teams.error} onRetry={() => void teams.refetch()} />;
  const team = pickActiveTeam(teams.data, session.activeTeamId);
  if (!team)
    return (
      <EmptyState>
        Onboarding starts once your account has a team.{' '}
        <RouterLink href="/">Go to the console</RouterLink>
      </EmptyState>
    );
  return <Onboarding user={user.data} teamId={team.id} onFinishing={() => setFinishing(true)} />;
}
