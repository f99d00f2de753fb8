import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
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

/** Info and error toasts; at most TOAST_LIMIT (SPEC: counter, default 5) are shown, oldest dropped first. */
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
        sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: 1500, maxWidth: 420 }}
      >
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
