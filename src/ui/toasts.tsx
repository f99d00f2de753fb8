import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { TOAST_LIMIT } from '../lib/constants';
import type { Toast, ToastSeverity } from './toast-stack';

// The toasts themselves (Snackbar and its transitions) are downloaded with the first toast: every
// page has the provider, few pages ever show a toast, and the sign-in page's download is budgeted.
const ToastStack = lazy(async () => ({ default: (await import('./toast-stack')).ToastStack }));

export type { ToastSeverity };
interface ToastApi {
  info(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<ToastApi>({ info: () => {}, error: () => {} });

/** The toasts kept after `toast` arrives: at most `limit`, the oldest dropped first. */
export function withToast(list: readonly Toast[], toast: Toast, limit: number): Toast[] {
  return [...list, toast].slice(-Math.max(1, limit));
}

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
      setToasts((list) => withToast(list, { id, severity, message }, limit));
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
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} onDismiss={dismiss} onDismissAll={() => setToasts([])} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
