import { statusColor, statusLabel } from '../lib/device-status';
import type { DeviceStatus } from '../lib/device-status';
import styles from './status-badge.module.css';

/** SPEC §3 badge: green, red or amber, with the status's name. */
export function StatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <span className={`${styles.badge} ${styles[statusColor(status)]}`} data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
