import { useEffect, useEffectEvent, useState } from 'react';
import { devicePath } from '../../lib/paths';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'wouter';
import { useCurrentUser } from '../../api/current-user';
import { $api } from '../../api/query';
import { DESKTOP_APP, DESKTOP_GUIDE, LINKING_REDIRECT_DELAY_MS } from '../../lib/constants';
import { desktopLinkUrl } from '../../lib/desktop-app';
import { inviteIdFromLink } from '../../lib/linking-watch';
import { LinkStep } from './link-step';
import type { SelfInvite } from './link-step';
import { PlatformTabs, readerPlatform } from './platform-tabs';
import { useLinkingPoll } from './use-linking-poll';
import { BidiText } from '../bidi-text';
import { TryAgainLink } from '../try-again-link';
import { LINKING_TIMED_OUT, VERIFICATION_FAILED, VerifyStep } from './verify-step';

export const LINKING_SUCCESS = 'Your device has been successfully linked to your team.';
export const LINKING_STEPS = ['Install', 'Link', 'Verify'] as const;
const STEP_TITLES = ['Install the desktop app', 'Link this device', 'Verify the link', 'Done'];

type Step = 0 | 1 | 2 | 3;

/** Where a linked device takes the user (SPEC §2): its page, or onboarding when not completed. */
export function linkedTarget(deviceId: string, onboardingCompleted: boolean | undefined): string {
  return onboardingCompleted === false ? '/welcome' : devicePath(deviceId);
}

/**
 * The device-linking wizard (SPEC §2 "Other screens", §4 "Setup wizard", "Device linking"):
 * Install → Link → Verify, forward only, with a progress bar, then the final step: success, or
 * "Verification failed" with the reason and a try again. It moves on by itself as soon as a device
 * is linked, on any step (use-linking-poll.ts: the team is watched from the moment the wizard
 * opens; Verify asks the invite of the signed-in user's own device, or keeps watching the team
 * when the server gave no invite id).
 *
 * mode "dialog": after success it goes to the device (or to /welcome for a user whose onboarding
 * is not completed). mode "inline" (onboarding): it reports the device and stays.
 */
export function LinkingWizard({
  teamId,
  active = true,
  mode,
  onLinked,
}: {
  teamId: string;
  /** False stops the poll at once (a closing dialog). */
  active?: boolean;
  mode: 'dialog' | 'inline';
  onLinked?(deviceId: string): void;
}) {
  const [step, setStep] = useState<Step>(0);
  const [platform, setPlatform] = useState(readerPlatform);
  const user = useCurrentUser();
  const email = user.data?.email;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  // The invite of this user's own device: created once the Link step is reached.
  const selfInvite = $api.useMutation('post', '/team/{teamId}/invite');
  const { mutate: createInvite, isIdle: inviteIdle } = selfInvite;
  useEffect(() => {
    if (step >= 1 && email && inviteIdle)
      createInvite({ params: { path: { teamId } }, body: { email } });
  }, [step, email, inviteIdle, createInvite, teamId]);
  // SPEC §7 answers invite_link; the invite's id is the proposed inviteId (checked against the
  // contract on arrival: a uuid), or one the link carries. Without an id, Verify watches the team.
  const inviteLink = selfInvite.data?.invite_link ?? null;
  const inviteId = selfInvite.data
    ? (selfInvite.data.inviteId ?? inviteIdFromLink(inviteLink, teamId))
    : null;
  const invite: SelfInvite = {
    ready: selfInvite.isSuccess,
    desktopLink: selfInvite.isSuccess
      ? desktopLinkUrl(DESKTOP_APP.linkTemplate, {
          teamId,
          inviteId,
          host: window.location.origin,
          inviteLink,
        })
      : null,
    inviteLink,
    pending: selfInvite.isPending,
    error: selfInvite.error,
    retry: () => {
      if (email && !selfInvite.isPending)
        createInvite({ params: { path: { teamId } }, body: { email } });
    },
  };

  const poll = useLinkingPoll({ teamId, inviteId, active, verifying: step === 2 });
  const linkedDevice = poll.status.kind === 'linked' ? poll.status.deviceId : null;
  // Watching the team, the device that joined may be a teammate's: it is named.
  const linkedName = poll.status.kind === 'linked' ? poll.status.deviceName : undefined;
  // SPEC §2: the final step is success, or "Verification failed" with the reason and a try again.
  const failure =
    step === 2 && poll.status.kind === 'timedOut'
      ? LINKING_TIMED_OUT
      : step === 2 && poll.status.kind === 'failed'
        ? poll.status.error.message
        : null;
  const shown: Step = linkedDevice || failure ? 3 : step;
  const target = linkedDevice ? linkedTarget(linkedDevice, user.data?.onboardingCompleted) : null;

  const announceLinked = useEffectEvent((deviceId: string) => {
    for (const path of [
      '/teams',
      '/team/{teamId}',
      '/team/{teamId}/devices',
      '/team/{teamId}/overview',
    ])
      void queryClient.invalidateQueries({ queryKey: ['get', path] });
    onLinked?.(deviceId);
  });
  const goOn = useEffectEvent(() => {
    if (target) navigate(target);
  });
  useEffect(() => {
    if (!linkedDevice) return;
    announceLinked(linkedDevice);
    if (mode !== 'dialog') return;
    const timer = setTimeout(goOn, LINKING_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [linkedDevice, mode]);

  let body: ReactNode;
  let next: ReactNode = null;
  if (shown === 0) {
    const guide = DESKTOP_GUIDE[platform];
    body = (
      <PlatformTabs idPrefix={`install-${mode}`} value={platform} onChange={setPlatform}>
        <Typography sx={{ mb: 2 }}>{guide.install}</Typography>
        <Button
          variant="outlined"
          href={DESKTOP_APP.downloads[platform]}
          target="_blank"
          rel="noopener noreferrer"
        >
          {guide.download}
        </Button>
      </PlatformTabs>
    );
    next = (
      <Button variant="contained" onClick={() => setStep(1)}>
        Next
      </Button>
    );
  } else if (shown === 1) {
    body = (
      <PlatformTabs idPrefix={`link-${mode}`} value={platform} onChange={setPlatform}>
        <LinkStep teamId={teamId} platform={platform} invite={invite} onOpened={() => setStep(2)} />
      </PlatformTabs>
    );
    next = (
      <Button variant="outlined" disabled={!invite.ready} onClick={() => setStep(2)}>
        Next
      </Button>
    );
  } else if (shown === 2) {
    body = <VerifyStep status={poll.status} invite={invite} />;
  } else if (failure) {
    body = (
      <Alert severity="error" role="alert">
        {failure} <TryAgainLink onClick={poll.retry} />
      </Alert>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {linkedName === undefined ? (
            LINKING_SUCCESS
          ) : (
            <>
              <strong>
                <BidiText text={linkedName} />
              </strong>{' '}
              has been successfully linked to your team.
            </>
          )}
        </Alert>
        {mode === 'dialog' && target ? (
          <>
            <Typography color="text.secondary">
              {target === '/welcome'
                ? 'Taking you back to the setup of your account…'
                : 'Taking you to the device…'}
            </Typography>
            <Button variant="contained" component={RouterLink} href={target}>
              {target === '/welcome' ? 'Continue setup' : 'View device'}
            </Button>
          </>
        ) : null}
      </Stack>
    );
  }

  const progress = ((shown + 1) / (LINKING_STEPS.length + 1)) * 100;
  const caption =
    shown === 3
      ? failure
        ? 'Not linked'
        : 'Linked'
      : `Step ${shown + 1} of ${LINKING_STEPS.length}: ${LINKING_STEPS[shown]}`;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id={`linking-progress-${mode}`}>
        {caption}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-labelledby={`linking-progress-${mode}`}
        sx={{ mt: 0.5, mb: 2, height: 6, borderRadius: 3 }}
      />
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {failure ? VERIFICATION_FAILED : STEP_TITLES[shown]}
      </Typography>
      {body}
      {next ? (
        <Box
          sx={[
            { display: 'flex', justifyContent: 'flex-end', mt: 3 },
            // In the dialog, Next stays in sight at the bottom of the scrolling content, beside the
            // pinned Close, however long the step is (a laptop's 800 px, a phone).
            mode === 'dialog' && {
              position: 'sticky',
              bottom: 0,
              zIndex: 1,
              py: 1,
              bgcolor: 'background.paper',
              backgroundImage: 'var(--Paper-overlay)',
            },
          ]}
        >
          {next}
        </Box>
      ) : null}
    </Box>
  );
}
