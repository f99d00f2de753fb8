import { useState } from 'react';
import { checkSettingsPath } from '../../lib/paths';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'wouter';
import { $api } from '../../api/query';
import {
  bulkChangeNeeded,
  bulkChangePayload,
  CHECK_LEVEL_LABELS,
  isCheckLevel,
  requiredCount,
} from '../../lib/check-settings';
import type { CheckLevel, SettingsClaim } from '../../lib/check-settings';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState, ErrorNotice, SectionLoading } from '../../ui/page-states';
import { useToast } from '../../ui/toasts';
import { SectionCard } from '../../ui/section-card';
import { refreshAfterCheckChange, teamPath, useCheckSettings } from './settings-queries';

function LevelChip({ level }: { level: string }) {
  const known = isCheckLevel(level);
  return (
    <Chip
      size="small"
      label={known ? CHECK_LEVEL_LABELS[level] : level}
      color={level === 'required' ? 'primary' : 'default'}
      variant={level === 'required' ? 'filled' : 'outlined'}
      sx={{ fontWeight: level === 'required' ? 600 : 400 }}
    />
  );
}

interface BulkRequest {
  claim: SettingsClaim;
  level: CheckLevel;
}

function ClaimCard({
  teamId,
  claim,
  canManage,
  onBulk,
}: {
  teamId: string;
  claim: SettingsClaim;
  canManage: boolean;
  onBulk(request: BulkRequest): void;
}) {
  const headingId = `claim-${claim.claim.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
  const required = requiredCount(claim);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Box>
          <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {claim.claim}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {required} of {claim.checks.length} required
          </Typography>
        </Box>
        {canManage ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              disabled={!bulkChangeNeeded(claim, 'required')}
              aria-label={`Make all required in ${claim.claim}`}
              onClick={() => onBulk({ claim, level: 'required' })}
            >
              Make all required
            </Button>
            <Button
              size="small"
              variant="outlined"
              disabled={!bulkChangeNeeded(claim, 'optional')}
              aria-label={`Make all optional in ${claim.claim}`}
              onClick={() => onBulk({ claim, level: 'optional' })}
            >
              Make all optional
            </Button>
          </Stack>
        ) : null}
      </Stack>
      <List disablePadding aria-label={`${claim.claim} checks`}>
        {claim.checks.map((check) => (
          <ListItem
            key={check.id}
            divider
            disableGutters
            sx={{ justifyContent: 'space-between', gap: 2 }}
          >
            <Link component={RouterLink} href={checkSettingsPath(teamId, check.id)}>
              {check.description}
            </Link>
            <LevelChip level={check.level} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * Every check grouped by claim, each required or optional, each linking to its own page.
 * Admins can move a whole claim to one level: asked first, buttons disabled while it runs
 * ("Updating check settings."), then "Checks updated!" and the list refreshed.
 */
export function ManageChecksSection({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useCheckSettings(teamId);
  // The request stays after closing, so the dialog keeps its text while it fades out.
  const [bulk, setBulk] = useState<BulkRequest | null>(null);
  const [open, setOpen] = useState(false);
  const update = $api.useMutation('patch', '/team/{teamId}/settings/checks', {
    onSuccess: async (answer) => {
      toast.info('Checks updated!');
      setOpen(false);
      await refreshAfterCheckChange(queryClient, teamId, answer);
    },
  });
  const confirm = () => {
    if (!open || !bulk || update.isPending) return;
    const body = bulkChangePayload(bulk.claim, bulk.level);
    update.mutate({ ...teamPath(teamId), body });
  };

  let body;
  if (settings.isPending) body = <SectionLoading label="Loading check settings" />;
  else if (settings.isError)
    body = (
      <ErrorNotice
        error={settings.error}
        onRetry={() => void settings.refetch()}
        title="The check settings could not be loaded"
      />
    );
  else if (settings.data.claims.every((c) => c.checks.length === 0))
    body = <EmptyState>No checks.</EmptyState>;
  else
    body = (
      <Stack spacing={3}>
        {settings.data.claims
          .filter((c) => c.checks.length > 0)
          .map((claim) => (
            <ClaimCard
              key={claim.claim}
              teamId={teamId}
              claim={claim}
              canManage={canManage}
              onBulk={(request) => {
                update.reset();
                setBulk(request);
                setOpen(true);
              }}
            />
          ))}
      </Stack>
    );

  const total = settings.data?.claims.reduce((n, c) => n + c.checks.length, 0) ?? 0;
  const required = settings.data?.claims.reduce((n, c) => n + requiredCount(c), 0) ?? 0;
  return (
    <SectionCard
      id="settings-manage-checks"
      title="Manage Checks"
      description="Required checks must pass on every device of the team; team members cannot turn them off. Optional checks may be turned off by team members."
      aside={settings.data && total > 0 ? `${required} of ${total} checks required` : undefined}
    >
      {body}
      <ConfirmDialog
        open={open}
        title="Update checks"
        confirmLabel="Yes, update checks"
        cancelLabel="Cancel"
        busyLabel="Updating"
        mutation={update}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        {bulk ? (
          <>
            Make all {bulk.claim.checks.length} checks in <strong>{bulk.claim.claim}</strong>{' '}
            {bulk.level}?{' '}
            {bulk.level === 'required'
              ? 'Every device of the team will have to pass them.'
              : 'Team members will be able to turn them off.'}
            {update.isPending ? (
              <Typography role="status" variant="body2" sx={{ mt: 2 }}>
                Updating check settings.
              </Typography>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
