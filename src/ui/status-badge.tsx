import Chip from '@mui/material/Chip';
import { statusColor, statusLabel } from '../lib/device-status';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      color={statusColor(status)}
      label={statusLabel(status)}
      data-status={status}
    />
  );
}
