import Alert from '@mui/material/Alert';
import { useStorageStatus } from '../session/session';

const STORAGE_BLOCKED_MESSAGE =
  'Your browser does not let this site store data: you stay signed in in this tab only, until it is closed.';
const STORAGE_FULL_MESSAGE =
  'Your browser storage is full: you stay signed in in this tab only, until it is closed.';

/** Says so when the session lives in this tab's memory because the browser will not keep it. */
export function StorageNotice() {
  const status = useStorageStatus();
  if (status === 'ok') return null;
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
      {status === 'full' ? STORAGE_FULL_MESSAGE : STORAGE_BLOCKED_MESSAGE}
    </Alert>
  );
}
