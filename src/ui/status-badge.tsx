import Chip from '@mui/material/Chip';
import { statusColor, statusLabel } from '../lib/device-status';
import type { DeviceStatus } from '../lib/device-status';

export function StatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Chip
      size="small"
      color={statusColor(status)}
      label={statusLabel(status)}
      data-status={status}
    />
  );
}
