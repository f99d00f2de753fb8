import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
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
export function useExemptionsOffered(teamId: string | undefined): boolean {
  const user = useCurrentUser();
  const canManage = canManageTeamSettings(user.data);
  const createMissing = useOperationMissing('createExemption');
  const listKnownMissing = useOperationMissing('listExemptions');
  const wanted = canManage && !!teamId && !createMissing && !listKnownMissing;
  const list = $api.useQuery(
    'get',
    '/team/{teamId}/exemptions',
    { params: { path: { teamId: teamId ?? '' } } },
    { enabled: wanted },
  );
  const listMissing = useMissingOnFailure('listExemptions', list.error);
  return wanted && !listMissing && list.isSuccess;
}

/** "Exempt…" on one failing check, with its dialog loaded on the first press. */
export function ExemptCheckButton({ target }: { target: ExemptTarget }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
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
      {opened ? (
        <Suspense fallback={null}>
          <ExemptCheckDialog target={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
