import type { components } from '../../generated/api';
import { EXTERNAL_LINKS } from './constants';

/*
 * The contract's enums. Every answer is checked against the contract before a screen sees it
 * (src/api/response-validation.ts, in production too), so a status or state outside these lists
 * never reaches these functions: such an answer is an "invalid response" error instead. A new
 * value is a contract change: `npm run generate` updates these types and tsc then asks for its
 * label (the Records below must cover every value).
 */
export type DeviceStatus = components['schemas']['DeviceStatus'];
export type CheckState = components['schemas']['CheckState'];

/** SPEC §3 badge: code 1 is compliant (green), 2 is red, otherwise amber. */
export function statusCode(status: DeviceStatus): 1 | 2 | 3 {
  if (status === 'compliant') return 1;
  if (status === 'failing') return 2;
  return 3;
}

export function statusColor(status: DeviceStatus): 'success' | 'error' | 'warning' {
  const code = statusCode(status);
  return code === 1 ? 'success' : code === 2 ? 'error' : 'warning';
}

const STATUS_LABELS: Record<DeviceStatus, string> = {
  pending: 'Pending',
  compliant: 'Compliant',
  failing: 'Failing',
  stale: 'Stale',
};
export function statusLabel(status: DeviceStatus): string {
  return STATUS_LABELS[status];
}

/** SPEC §3 check states in the UI. */
export const CHECK_STATE_LABELS: Record<CheckState, string> = {
  off: 'turned off',
  fail: 'failed',
  missingDependency: 'not installed',
  pass: 'passed',
  error: 'error',
};
export function checkStateLabel(state: CheckState): string {
  return CHECK_STATE_LABELS[state];
}

/**
 * The public page URL: the slug under the public-page host (`VITE_PUBLIC_PAGE_URL`), never the
 * console's own origin, which has no such route.
 */
export function publicPageUrl(slug: string, base: string = EXTERNAL_LINKS.publicPage): string {
  return `${base.endsWith('/') ? base : `${base}/`}${encodeURIComponent(slug)}`;
}
