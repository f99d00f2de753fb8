import { serverDetails } from '../../api/error-catalogue';
import type { ApiError } from '../../api/error-catalogue';

export const INVITE_FAILED = 'An error occurred, please try again.';

/** SPEC §5: a 400 shows the server's first message, anything else the generic text. */
export function inviteErrorMessage(error: ApiError): string {
  if (error.status === 400) return serverDetails(error.body)[0] ?? INVITE_FAILED;
  return INVITE_FAILED;
}
