import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCurrentUser } from '../api/current-user';
import { useMissingOnFailure, useOperationMissing } from '../api/operation-support';
import { $api } from '../api/query';
import { canManageTeamSettings } from '../lib/roles';
import { displayText } from '../lib/display-text';
import type { ExemptTarget } from './exempt-check-dialog';

// The dialog (and MUI's Dialog, TextField with it) is downloaded when it first opens.
const ExemptCheckDialog = lazy(async () => ({
  default: (await import('./exempt-check-dialog')).ExemptCheckDialog,
}));

/**
 * Whether "Exempt…" is offered in this team: to those who may change the team's settings (the
 * team settings' rule), and only when the server has exemptions: the team's exemption list
 * (listExemptions) answers, and no create was answered 404 or 501 in this session.
 */
function useExemptionsOffered(teamId: string): boolean {
  const user = useCurrentUser();
  const canManage = canManageTeamSettings(user.data);
  const createMissing = useOperationMissing('createExemption');
  const listKnownMissing = useOperationMissing('listExemptions');
  const wanted = canManage && teamId !== '' && !createMissing && !listKnownMissing;
  const list = $api.useQuery(
    'get',
    '/team/{teamId}/exemptions',
    { params: { path: { teamId } } },
    { enabled: wanted },
  );
  const listMissing = useMissingOnFailure('listExemptions', list.error);
  return wanted && !listMissing && list.isSuccess;
}

/**
 * "Exempt…" on one failing check when the team offers exemptions to this user, with its dialog
 * loaded on the first press; nothing otherwise.
 */
export function ExemptCheckOffer({ target, sx }: { target: ExemptTarget; sx?: SxProps<Theme> }) {
  const offered = useExemptionsOffered(target.teamId);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!offered && !opened) return null;
  return (
    <Box sx={sx}>
      {/* Gone once the server refused the call (the open dialog keeps its notice until closed). */}
      {offered ? (
        <Button
          size="small"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          aria-label={`Exempt ${displayText(target.deviceName)} from "${displayText(target.checkDescription)}"`}
        >
          Exempt…
        </Button>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <ExemptCheckDialog target={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
