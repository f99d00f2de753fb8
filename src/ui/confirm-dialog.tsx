import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import type { ApiError } from '../api/error-catalogue';
import { FormError } from './form-error';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  error?: ApiError | null;
  destructive?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Confirm, in progress (buttons disabled), then failed (the notice) or done (the caller closes it). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    children,
    confirmLabel,
    cancelLabel = 'Cancel',
    busy,
    busyLabel,
    error,
  } = props;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : props.onClose}
      aria-labelledby="confirm-dialog-title"
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        <FormError error={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          onClick={props.onConfirm}
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
