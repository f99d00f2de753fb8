import { isApiError, serverDetails } from '../../api/error-catalogue';

export const INVITE_LINK_MISSING = 'Unable to generate team link. Please contact support.';
export const INVITE_FAILED = 'An error occurred, please try again.';

/** The team's public invite link: the app origin with /team/join/{teamId}; empty when it cannot be built. */
export function teamInviteLink(
  teamId: string | null | undefined,
  origin: string = window.location.origin,
): string {
  if (!teamId || !origin || origin === 'null') return '';
  return `${origin}/team/join/${encodeURIComponent(teamId)}`;
}

/** SPEC §5: a 400 shows the server's first message, anything else the generic text. */
export function inviteErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400)
    return serverDetails(error.body)[0] ?? INVITE_FAILED;
  return INVITE_FAILED;
}
