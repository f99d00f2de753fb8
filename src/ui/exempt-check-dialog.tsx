import { useState } from 'react';
import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { lacksOperation, markOperationMissing } from '../api/operation-support';
import { $api } from '../api/query';
import { formatCalendarDate } from '../lib/dates';
import {
  EXEMPTION_REASON_MAX,
  earliestExemptionEnd,
  exemptionEndsAt,
  hasErrors,
  latestExemptionEnd,
  validateExemption,
} from '../lib/exemption-rules';
import { BidiText } from './bidi-text';
import { refreshExemptionViews } from './exemption-views';
import { FormError } from './form-error';
import { useToast } from './toasts';

/** What a failing check to exempt is: the device, the check and the team they are in. */
export interface ExemptTarget {
  teamId: string;
  deviceId: string;
  deviceName: string;
  checkId: string;
  checkDescription: string;
}

/**
 * "Exempt…" a failing check: a reason and an end date (checked after the first try, as the other
 * forms), then a confirmation that says what changes; done → toast and every view refreshed.
 */
export function ExemptCheckDialog({
  target,
  open,
  onClose,
}: {
  target: ExemptTarget;
  open: boolean;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [endDate, setEndDate] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const create = $api.useMutation('post', '/team/{teamId}/exemptions');
  const now = new Date();
  const errors = tried ? validateExemption({ reason, endDate }, now) : {};
  const unsupported = lacksOperation(create.error);

  const close = () => {
    if (create.isPending) return;
    create.reset();
    setConfirming(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!confirming) {
      setTried(true);
      if (!hasErrors(validateExemption({ reason, endDate }, now))) setConfirming(true);
      return;
    }
    create.mutate(
      {
        params: { path: { teamId: target.teamId } },
        body: {
          deviceId: target.deviceId,
          checkId: target.checkId,
          reason: reason.trim(),
          endsAt: exemptionEndsAt(endDate),
        },
      },
      {
        onSuccess: () => {
          toast.info('Check exempted.');
          setReason('');
          setEndDate('');
          setTried(false);
          setConfirming(false);
          onClose();
          void refreshExemptionViews(queryClient);
        },
        onError: (error) => {
          if (lacksOperation(error)) markOperationMissing('createExemption');
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="exempt-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="exempt-dialog-title">Exempt a check</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            <strong>
              <BidiText text={target.checkDescription} />
            </strong>{' '}
            on{' '}
            <strong>
              <BidiText text={target.deviceName} />
            </strong>{' '}
            will not count as failing until the exemption ends.
          </DialogContentText>
          {confirming ? (
            <DialogContentText role="status">
              Exempt until {formatCalendarDate(endDate)}? Reason: <BidiText text={reason.trim()} />
            </DialogContentText>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label="Reason"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                required
                multiline
                minRows={2}
                autoFocus
                error={!!errors.reason}
                helperText={errors.reason ?? 'Why this device cannot pass the check.'}
                slotProps={{ htmlInput: { maxLength: EXEMPTION_REASON_MAX } }}
              />
              <TextField
                label="End date"
                type="date"
                value={endDate}
                onChange={(event) => setEndDate(event.target.value)}
                required
                error={!!errors.endDate}
                helperText={errors.endDate ?? 'At most a year ahead.'}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: earliestExemptionEnd(now), max: latestExemptionEnd(now) },
                }}
              />
            </Stack>
          )}
          <FormError
            error={create.error}
            message={unsupported ? 'This server does not offer exemptions.' : undefined}
          />
        </DialogContent>
        <DialogActions>
          {confirming ? (
            <Button onClick={() => setConfirming(false)} disabled={create.isPending}>
              Back
            </Button>
          ) : null}
          <Button onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending || unsupported}>
            {create.isPending ? 'Exempting' : confirming ? 'Exempt' : 'Continue'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
