/**
 * Role predicates (SPEC §6) as pure functions of the user's flags. Each is named for what it
 * allows, so screens ask "may this user do X" and never read the raw flags themselves.
 */

/** The user flags the predicates read (a subset of the contract's User). */
export interface RoleFlags {
  isAdmin: boolean;
}

/**
 * SPEC §6: account admins manage checks, report emails, Slack and the device policy of a team.
 * Everyone else (collaborators) sees those settings read-only. Unknown user (still loading,
 * failed) → no: nothing is offered that might be refused.
 */
export function canManageTeamSettings(user: RoleFlags | null | undefined): boolean {
  return user?.isAdmin === true;
}
