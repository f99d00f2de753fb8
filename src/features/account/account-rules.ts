import { emailSchema, validationMessage } from '../../lib/validation';

/** The pure rules of the account page (SPEC §2, §5), kept apart from the screens. */

export const TEAM_HAS_DEVICES =
  'Please make sure the team has no devices before deleting the team.';

/** SPEC §5: admin and collaborator emails are non-empty, valid and at most 128 characters. */
export function userEmailProblem(email: string): string | null {
  return validationMessage(emailSchema, email);
}

/** SPEC §5: a collaborator needs a valid email and at least one team. */
export function canAddCollaborator(email: string, teamIds: readonly string[]): boolean {
  return userEmailProblem(email) === null && teamIds.length > 0;
}

/** The team links to add and to remove to go from `current` to `wanted`. */
export function teamLinkChanges(current: readonly string[], wanted: readonly string[]) {
  return {
    add: wanted.filter((id) => !current.includes(id)),
    remove: current.filter((id) => !wanted.includes(id)),
  };
}

/** The signed-in admin is marked "(You)" and can never be removed. */
export function isCurrentAdmin(
  admin: { id: string; email: string },
  user: { id: string; email: string },
): boolean {
  return admin.id === user.id || admin.email.toLowerCase() === user.email.toLowerCase();
}

/** The link texts of the log-in details, by what the user has set up. */
export function loginDetailActions(user: { hasPassword: boolean; twoFAProvisioned: boolean }) {
  return {
    password: user.hasPassword ? 'Change' : 'Set',
    twoFactor: user.twoFAProvisioned ? 'Reconfigure' : 'Configure',
  } as const;
}

export function deviceCountText(count: number): string {
  if (count === 0) return 'No devices';
  return count === 1 ? '1 device' : `${count} devices`;
}

/**
 * The active team after deleting `deletedId`: unchanged when another team was active, else the
 * first remaining team, or none.
 */
export function activeTeamAfterDelete(
  teams: readonly { id: string }[],
  activeId: string | null,
  deletedId: string,
): string | null {
  if (activeId !== null && activeId !== deletedId && teams.some((t) => t.id === activeId))
    return activeId;
  return teams.find((team) => team.id !== deletedId)?.id ?? null;
}
