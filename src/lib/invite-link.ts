/** SPEC §5: shown when the team's join link cannot be built. */
export const INVITE_LINK_MISSING = 'Unable to generate team link. Please contact support.';

/**
 * SPEC §7: the team's public invite link is the app origin with /team/join/{teamId}; empty when
 * it cannot be built (no team id, or an opaque origin such as a sandboxed frame's "null").
 */
export function teamInviteLink(
  teamId: string | null | undefined,
  origin: string = typeof window === 'undefined' ? '' : window.location.origin,
): string {
  if (!teamId || !origin || origin === 'null') return '';
  return `${origin}/team/join/${encodeURIComponent(teamId)}`;
}
