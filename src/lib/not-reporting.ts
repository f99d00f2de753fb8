import { DEVICE_STALE_DAYS } from './constants';

const DAY = 24 * 60 * 60 * 1000;

/**
 * SPEC §2, §9: "A device not reporting for 60 days is flagged". A device is silent since its last
 * report or, when it never reported, since it was linked (`created`): a device linked yesterday
 * that has not reported yet has been silent for a day, not for 60. The overview lists what the
 * server decides (its `outdatedAfterDays`); the device list uses that same threshold with this
 * rule, and the device page the SPEC's 60 days. A time that cannot be read flags nothing.
 */
export function isNotReporting(
  device: { lastCheck?: string | null; created?: string | null },
  { days = DEVICE_STALE_DAYS, now = Date.now() }: { days?: number; now?: number } = {},
): boolean {
  const since = device.lastCheck || device.created;
  if (!since) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && now - time >= days * DAY;
}
