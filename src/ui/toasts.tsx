import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TOAST_LIMIT } from '../lib/constants';

export type ToastSeverity = 'info' | 'error';
interface Toast {
  id: number;
  severity: ToastSeverity;
  message: string;
}
interface ToastApi {
  info(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<ToastApi>({ info: () => {}, error: () => {} });

/**
 * Info and error toasts. SPEC §2 "with a counter (default 5)": at most `limit` are kept (oldest
 * dropped first), and once more than one is on screen a counter says how many, with "Dismiss all".
 */
export function ToastProvider({
  children,
  limit = TOAST_LIMIT,
}: {
  children: ReactNode;
  limit?: number;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const push = useCallback(
    (severity: ToastSeverity, message: string) => {
      if (!message) return;
      const id = next.current++;
      setToasts((list) => [...list, { id, severity, message }].slice(-limit));
    },
    [limit],
  );
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((t) => t.id !== id)),
    [],
  );
  const api = useMemo<ToastApi>(
    () => ({ info: (m) => push('info', m), error: (m) => push('error', m) }),
    [push],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
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
            <Button size="small" onClick={() => setToasts([])}>
              Dismiss all
            </Button>
          </Paper>
        ) : null}
        {toasts.map((toast) => (
          <Snackbar
            key={toast.id}
            open
            autoHideDuration={toast.severity === 'error' ? 8000 : 5000}
            onClose={(_, reason) => reason !== 'clickaway' && dismiss(toast.id)}
            sx={{ position: 'static', transform: 'none' }}
          >
            <Alert
              severity={toast.severity}
              variant="filled"
              onClose={() => dismiss(toast.id)}
              role={toast.severity === 'error' ? 'alert' : 'status'}
              sx={{ width: '100%' }}
            >
              {toast.message}
            </Alert>
          </Snackbar>
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
