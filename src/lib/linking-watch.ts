/**
 * How the device-linking wizard knows that a device was linked, from what the SPEC shows.
 *
 * - With an invite id it asks the invite (SPEC §7 `GET /team/{teamId}/invite/{inviteId}` →
 *   deviceId). SPEC §7's invite answer is only `invite_link`; the id comes from the proposed
 *   `inviteId` field, or from the link itself when the link carries one (`inviteIdFromLink`).
 * - Without one it watches the team: the newest devices (`GET /team/{teamId}/devices`, ordered by
 *   `created`, descending) when the wizard opened are the baseline, and a device that is not in
 *   the baseline and is not older than its newest device joined since (`newlyLinked`). Server
 *   times only: the browser's clock plays no part. A device moved in from another team, or one
 *   that slides into the page because a newer one was removed, is older than the baseline's
 *   newest, so it does not count.
 */

/** The team watch asks for this many of the newest devices. */
export const TEAM_WATCH_PAGE_SIZE = 5;

export interface DeviceStamp {
  id: string;
  /** ISO date-time the device was linked (SPEC §3 `created`). */
  created: string;
}

export interface TeamBaseline {
  ids: ReadonlySet<string>;
  /** The newest `created` in the baseline, in ms; null for a team with no devices. */
  newest: number | null;
}

const time = (value: string): number => {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

/** The baseline: the team's newest devices when the wizard opened. */
export function teamBaseline(devices: readonly DeviceStamp[]): TeamBaseline {
  let newest: number | null = null;
  for (const device of devices) {
    const at = time(device.created);
    if (Number.isFinite(at) && (newest === null || at > newest)) newest = at;
  }
  return { ids: new Set(devices.map((device) => device.id)), newest };
}

/**
 * The id of the newest device that joined the team after the baseline, or null. Joined: not in
 * the baseline, and created no earlier than the baseline's newest device.
 */
export function newlyLinked(
  baseline: TeamBaseline,
  devices: readonly DeviceStamp[],
): string | null {
  let found: { id: string; at: number } | null = null;
  for (const device of devices) {
    if (baseline.ids.has(device.id)) continue;
    const at = time(device.created);
    if (baseline.newest !== null && !(at >= baseline.newest)) continue;
    if (found === null || at > found.at) found = { id: device.id, at };
  }
  return found?.id ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Query parameters that may carry the invite's id in an invite link. */
const INVITE_ID_PARAMS = ['inviteId', 'invite'] as const;

/**
 * The invite's id when `invite_link` carries one: an `inviteId` or `invite` query parameter, or a
 * path segment right after the team id (`…/team/join/{teamId}/{inviteId}`), in each case a UUID.
 * Anything else (no id, not a URL, not a UUID) is null.
 */
export function inviteIdFromLink(link: string | null | undefined, teamId: string): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  for (const name of INVITE_ID_PARAMS) {
    const value = url.searchParams.get(name);
    if (value && UUID.test(value)) return value.toLowerCase();
  }
  const segments = url.pathname.split('/').map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  const at = segments.findIndex((part) => part.toLowerCase() === teamId.toLowerCase());
  const next = at >= 0 ? segments[at + 1] : undefined;
  return next && UUID.test(next) ? next.toLowerCase() : null;
}
