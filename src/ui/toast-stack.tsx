import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type ToastSeverity = 'info' | 'error';
export interface Toast {
  id: number;
  severity: ToastSeverity;
  message: string;
}

/** The toasts on screen, newest last; a counter with "Dismiss all" once there is more than one. */
export function ToastStack({
  toasts,
  onDismiss,
  onDismissAll,
}: {
  toasts: readonly Toast[];
  onDismiss: (id: number) => void;
  onDismissAll: () => void;
}) {
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        bottom: 16,
        right: 16,
        left: { xs: 16, sm: 'auto' },
        zIndex: 1500,
        maxWidth: { sm: 420 },
      }}
    >
      {toasts.length > 1 ? (
        <Paper
          elevation={2}
          data-testid="toast-counter"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 1, py: 0.5 }}
        >
          <Typography variant="body2" sx={{ flexGrow: 1, fontWeight: 600 }}>
            {toasts.length} notifications
          </Typography>
          <Button size="small" onClick={onDismissAll}>
            Dismiss all
          </Button>
        </Paper>
      ) : null}
      {toasts.map((toast) => (
        <Snackbar
          key={toast.id}
          open
          autoHideDuration={toast.severity === 'error' ? 8000 : 5000}
          onClose={(_, reason) => reason !== 'clickaway' && onDismiss(toast.id)}
          sx={{ position: 'static', transform: 'none' }}
        >
          <Alert
            severity={toast.severity}
            variant="filled"
            onClose={() => onDismiss(toast.id)}
            role={toast.severity === 'error' ? 'alert' : 'status'}
            sx={{ width: '100%' }}
          >
            {toast.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
