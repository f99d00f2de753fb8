import Alert from '@mui/material/Alert';
import { isApiError, messageOf } from '../api/error-catalogue';

/** A form's red notice: the server's words for the failed request. */
export function FormError({ error, message }: { error?: unknown; message?: string | null }) {
  if (!error && !message) return null;
  if (isApiError(error) && error.kind === 'cancelled') return null;
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {message ?? messageOf(error)}
    </Alert>
  );
}
