import { useState } from 'react';
import { settingsPath } from '../../lib/paths';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'wouter';
import { $api } from '../../api/query';
import { useCurrentUser } from '../../api/current-user';
import { CHECK_LEVEL_LABELS, findCheck, singleChangePayload } from '../../lib/check-settings';
import type { CheckLevel, SettingsCheck } from '../../lib/check-settings';
import { canManageTeamSettings } from '../../lib/roles';
import { FormError } from '../../ui/form-error';
import { NotFoundNotice } from '../../ui/not-found-notice';
import { PageHeader } from '../../ui/page-header';
import { PageError, PageLoading } from '../../ui/page-states';
import type { PageProps } from '../../ui/page-props';
import { usePageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { refreshAfterCheckChange, teamPath, useCheckSettings } from './settings-queries';

const LEVEL_HELP: Record<CheckLevel, string> = {
  required: 'Every device of the team must pass this check. Team members cannot turn it off.',
  optional: 'Team members may turn this check off on their devices.',
};

function Crumbs({ teamId, current }: { teamId: string; current: string }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} href={settingsPath(teamId)} color="inherit">
        Team Settings
      </Link>
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}

/** Required or optional, saved with "Check updated!"; read-only for non-admins (SPEC §6). */
function CheckLevelForm({
  teamId,
  check,
  canManage,
}: {
  teamId: string;
  check: SettingsCheck;
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [chosen, setChosen] = useState<string>(check.level);
  const back = settingsPath(teamId);
  const update = $api.useMutation('patch', '/team/{teamId}/settings/checks', {
    onSuccess: async (answer) => {
      toast.info('Check updated!');
      await refreshAfterCheckChange(queryClient, teamId, answer);
      navigate(back);
    },
  });
  const payload = singleChangePayload(check, chosen);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canManage || !payload || update.isPending) return;
    update.mutate({ ...teamPath(teamId), body: payload });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Box component="form" noValidate onSubmit={submit} aria-label={`Check: ${check.description}`}>
        <FormControl disabled={!canManage || update.isPending}>
          <FormLabel id="check-level-label">Level for the team&apos;s devices</FormLabel>
          <RadioGroup
            aria-labelledby="check-level-label"
            name="level"
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value);
              if (update.isError) update.reset();
            }}
          >
            {(['required', 'optional'] as const).map((level) => (
              <FormControlLabel
                key={level}
                value={level}
                control={
                  <Radio slotProps={{ input: { 'aria-describedby': `level-${level}-help` } }} />
                }
                sx={{ alignItems: 'flex-start', mt: 1 }}
                label={
                  <Box>
                    <Typography>{CHECK_LEVEL_LABELS[level]}</Typography>
                    <Typography id={`level-${level}-help`} variant="body2" color="text.secondary">
                      {LEVEL_HELP[level]}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        {update.isPending ? (
          <Typography role="status" variant="body2" sx={{ mt: 2 }}>
            Updating check settings.
          </Typography>
        ) : null}
        <FormError error={update.error} />
        {canManage ? (
          <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" disabled={!payload || update.isPending}>
              {update.isPending ? 'Saving' : 'Save'}
            </Button>
            <Button component={RouterLink} href={back} disabled={update.isPending}>
              Cancel
            </Button>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ mt: 3, alignItems: 'flex-start' }}>
            <Typography variant="body2" color="text.secondary">
              Only account admins can change check settings.
            </Typography>
            <Button component={RouterLink} href={back} variant="outlined">
              Back to team settings
            </Button>
          </Stack>
        )}
      </Box>
    </Paper>
  );
}

/** SPEC §2 single-check page `/settings/{teamId}/check/{checkId}`, titled "Check: {name}". */
export function CheckSettingsPage({ params }: PageProps) {
  const teamId = params.teamId ?? '';
  const checkId = params.checkId ?? '';
  const user = useCurrentUser();
  const settings = useCheckSettings(teamId);
  const found = settings.data ? findCheck(settings.data.claims, checkId) : null;
  usePageTitle(found ? `Check: ${found.check.description}` : null);

  if (settings.isPending) return <PageLoading label="Loading check settings" />;
  if (settings.isError)
    return (
      <PageError
        error={settings.error}
        onRetry={() => void settings.refetch()}
        title="The check settings could not be loaded"
      />
    );
  if (!found)
    return (
      <>
        <Crumbs teamId={teamId} current="Check not found" />
        <NotFoundNotice
          title="Check not found"
          actions={
            <Button component={RouterLink} href={settingsPath(teamId)} variant="outlined">
              Back to team settings
            </Button>
          }
        >
          This team has no check with this id. It may have been removed from the desktop app.
        </NotFoundNotice>
      </>
    );
  return (
    <>
      <Crumbs teamId={teamId} current={`Check: ${found.check.description}`} />
      <PageHeader title={`Check: ${found.check.description}`} subtitle={found.claim} />
      <CheckLevelForm
        key={found.check.id}
        teamId={teamId}
        check={found.check}
        canManage={canManageTeamSettings(user.data)}
      />
    </>
  );
}
