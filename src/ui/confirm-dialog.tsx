import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import type { ApiError } from '../api/error-catalogue';
import { FormError } from './form-error';

/** What the dialog needs of the mutation it confirms (a TanStack mutation result has it). */
interface ConfirmedMutation {
  isPending: boolean;
  error: ApiError | null;
  reset(): void;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busyLabel?: string;
  destructive?: boolean;
  /** The request the dialog confirms: its state is the dialog's (in progress, failed). */
  mutation: ConfirmedMutation;
  /** Starts the request; the caller closes the dialog when it succeeds. */
  onConfirm(): void;
  onClose(): void;
}

/**
 * Confirm, in progress (buttons disabled, no closing), then failed (the notice stays in the
 * dialog) or done (the caller closes it). Closing forgets a failure, so the next opening starts
 * clean.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    children,
    confirmLabel,
    cancelLabel = 'Cancel',
    busyLabel,
    mutation,
  } = props;
  const busy = mutation.isPending;
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    props.onClose();
  };
  const confirm = () => {
    if (!mutation.isPending) props.onConfirm();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        <FormError error={mutation.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          onClick={confirm}
          disabled={busy}
          variant="contained"
          color={props.destructive ? 'error' : 'primary'}
        >
          {busy ? (busyLabel ?? 'Working') : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
