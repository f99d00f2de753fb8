import type { components } from '../../../generated/api';
import type { ApiError } from '../../api/error-catalogue';

/** SPEC §4/§8: every failure reads "Impersonation failed", with the catalogue's reason. */
export function impersonationFailure(error: ApiError): string {
  return error.message ? `Impersonation failed: ${error.message}` : 'Impersonation failed';
}

/**
 * The answer's token (checked against the contract on arrival: a string of at least one
 * character). One of blanks only is still no session: a failed impersonation, not a broken one.
 */
export function tokenOf(data: components['schemas']['SessionToken']): string | null {
  return data.token.trim() !== '' ? data.token : null;
}

export const NO_TOKEN_FAILURE = 'Impersonation failed: the server did not answer with a session.';
