import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { TeamSummary } from '../../api/current-user';
import { messageOf } from '../../api/error-catalogue';
import { send } from '../../api/query';
import { createBulkJob, progressMilestones } from '../../lib/bulk-runner';
import type { BulkFailure, BulkJob, BulkOutcome, BulkProgress } from '../../lib/bulk-runner';
import type { DeviceSummary } from '../../lib/csv';
import { BidiText } from '../../ui/bidi-text';
import { useToast } from '../../ui/toasts';
import { visuallyHidden } from '../../ui/visually-hidden';

export type BulkAction = 'move' | 'remove';

const WORDS: Record<BulkAction, { verb: string; doing: string; done: string }> = {
  move: { verb: 'Move', doing: 'Moving', done: 'moved' },
  remove: { verb: 'Remove', doing: 'Removing', done: 'removed' },
};

function devicesText(n: number): string {
  return `${n} ${n === 1 ? 'device' : 'devices'}`;
}

/** Every view that shows these devices: the lists, overviews, team counts and device pages. */
const DEVICE_VIEW_PREFIXES = [
  ['get', '/team/{teamId}/devices'],
  ['get', '/team/{teamId}/overview'],
  ['get', '/teams'],
  ['get', '/team/{teamId}'],
  ['get', '/device/{deviceId}'],
] as const;

type Phase =
  | { kind: 'confirm' }
  | { kind: 'running'; progress: BulkProgress }
  | { kind: 'failed'; done: number; failed: BulkFailure<DeviceSummary>[] };

/**
 * One confirmation that names the count, then one request per device (the single move and
 * remove calls), at most 4 at a time, with progress. A partial failure lists the devices that
 * failed and offers to retry those alone; the devices done leave the selection.
 */
export function BulkActionDialog({
  action,
  devices: selected,
  otherTeams,
  onClose,
  onFinished,
}: {
  action: BulkAction;
  devices: readonly DeviceSummary[];
  otherTeams: readonly TeamSummary[];
  onClose(): void;
  /** After each run: the devices still to do (those that failed). */
  onFinished(remaining: DeviceSummary[]): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  // The devices as confirmed: the selection shrinks to the failed ones, the dialog keeps its title.
  const [devices] = useState(selected);
  const [teamId, setTeamId] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  // What the polite live region says: the start and a few milestones, never once per device (the
  // progress line beside it updates for the eye only). The end is the toast or the failure alert.
  const [announcement, setAnnouncement] = useState('');
  const job = useRef<BulkJob<DeviceSummary> | null>(null);
  const words = WORDS[action];
  const running = phase.kind === 'running';
  const count = devices.length;

  const runJob = async (run: () => Promise<BulkOutcome<DeviceSummary>>) => {
    const outcome = await run();
    for (const queryKey of DEVICE_VIEW_PREFIXES)
      void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    const remaining = outcome.failed.map((failure) => failure.item);
    onFinished(remaining);
    if (remaining.length === 0) {
      toast.info(`${devicesText(outcome.done.length)} ${words.done}!`);
      onClose();
    } else {
      setPhase({ kind: 'failed', done: outcome.done.length, failed: outcome.failed });
    }
  };

  const confirm = () => {
    if (job.current || running) return;
    if (action === 'move' && !otherTeams.some((team) => team.id === teamId)) return;
    const onProgress = (progress: BulkProgress) => {
      setPhase({ kind: 'running', progress });
      const { finished, total } = progress;
      if (finished === 0) setAnnouncement(`${words.doing} ${devicesText(total)}.`);
      else if (finished < total && progressMilestones(total).includes(finished))
        setAnnouncement(`${finished} of ${devicesText(total)} done.`);
    };
    // A move whose request timed out may have been carried out all the same: before it is sent
    // again, the device is read, and one already in the target team counts as done. (A removal
    // needs no such check: the server's 404 for a device already gone counts as done.)
    const alreadyMoved = async (device: DeviceSummary) => {
      const now = await send('get', '/device/{deviceId}', {
        params: { path: { deviceId: device.id } },
      });
      return now.teamId === teamId;
    };
    const current = createBulkJob(devices, {
      key: (device) => device.id,
      onProgress,
      send: async (device, attempt) => {
        if (action === 'remove')
          return send('delete', '/team/{teamId}/device', {
            params: { path: { teamId: device.teamId } },
            body: { id: device.id, machineUUID: device.machineUUID },
          });
        if (attempt > 1 && (await alreadyMoved(device))) return;
        return send('patch', '/device/{deviceId}/move', {
          params: { path: { deviceId: device.id } },
          body: { teamId },
        });
      },
    });
    job.current = current;
    void runJob(current.run);
  };

  const retry = () => {
    const current = job.current;
    if (!current || running) return;
    setAnnouncement('');
    void runJob(current.retryFailed);
  };

  const close = () => {
    if (!running) onClose();
  };

  const target = otherTeams.find((team) => team.id === teamId);
  let content;
  if (phase.kind === 'running') {
    const { finished, total } = phase.progress;
    content = (
      <Box>
        <LinearProgress
          variant="determinate"
          value={total === 0 ? 100 : (finished / total) * 100}
          aria-label={`${words.doing} devices`}
        />
        <Typography sx={{ mt: 1 }}>
          {words.doing}: {finished} of {devicesText(total)} done
        </Typography>
      </Box>
    );
  } else if (phase.kind === 'failed') {
    content = (
      <Alert severity="error" role="alert">
        {phase.done} of {devicesText(phase.done + phase.failed.length)} {words.done}.{' '}
        {phase.failed.length === 1 ? 'This one' : `These ${phase.failed.length}`} could not be{' '}
        {words.done}:
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="bulk-failures">
          {phase.failed.map(({ item, error }) => (
            <li key={item.id}>
              <strong>
                <BidiText text={item.deviceName} />
              </strong>
              : {messageOf(error)}
            </li>
          ))}
        </Box>
      </Alert>
    );
  } else if (action === 'move') {
    content = (
      <>
        <FormControl>
          <FormLabel id="bulk-move-team-label">Move to team</FormLabel>
          <RadioGroup
            aria-labelledby="bulk-move-team-label"
            name="teamId"
            value={teamId}
            onChange={(event) => setTeamId(event.target.value)}
          >
            {otherTeams.map((team) => (
              <FormControlLabel
                key={team.id}
                value={team.id}
                control={<Radio />}
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                label={<BidiText text={team.name} />}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <DialogContentText sx={{ mt: 1 }}>
          {target ? (
            <>
              Move {devicesText(count)} to <BidiText text={target.name} />?
            </>
          ) : (
            `Choose the team to move ${devicesText(count)} to.`
          )}
        </DialogContentText>
      </>
    );
  } else {
    content = (
      <DialogContentText>
        Remove {devicesText(count)} from this team? Their check results will no longer be shown in
        the console.
      </DialogContentText>
    );
  }

  return (
    <Dialog open onClose={close} aria-labelledby="bulk-action-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-action-title">
        {words.verb} {devicesText(count)}
      </DialogTitle>
      <DialogContent>
        {content}
        <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="bulk-announcement">
          {running ? announcement : ''}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={running}>
          {phase.kind === 'failed' ? 'Close' : 'Cancel'}
        </Button>
        {phase.kind === 'failed' ? (
          <Button variant="contained" onClick={retry}>
            Retry the {phase.failed.length} failed
          </Button>
        ) : (
          <Button
            variant="contained"
            color={action === 'remove' ? 'error' : 'primary'}
            onClick={confirm}
            disabled={running || (action === 'move' && !target)}
          >
            {running ? words.doing : `${words.verb} ${devicesText(count)}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
