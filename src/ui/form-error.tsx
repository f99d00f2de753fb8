import Alert from '@mui/material/Alert';
import type { ApiError } from '../api/error-catalogue';

/** A form's red notice: the server's words for the failed request. */
export function FormError({
  error,
  message,
}: {
  error?: ApiError | null;
  message?: string | null;
}) {
  if (error?.kind === 'cancelled') return null;
  const text = message ?? error?.message;
  if (!text) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {text}
    </Alert>
  );
}
