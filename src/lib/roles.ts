/**
 * SPEC §6 role rules as pure functions of the user's flags. Each is named for what it allows or
 * for the screen it decides for, so screens ask "may this user do X" and never read raw flags.
 */

/** Billing states whose holders never load the admin list (SPEC §6). */
const NO_ADMIN_LIST_STATES: ReadonlySet<string> = new Set(['Collaborator', 'AccountAdmin']);

/** What the account page needs to know about the signed-in user. */
export interface AccountRoleUser {
  isAdmin: boolean;
  /** The billing state (SPEC §3), e.g. Subscribed, Collaborator, AccountAdmin. */
  state: string;
  hasIntegrations: boolean;
}

/** Who sees which section of "My Account" and who loads which list. */
export interface AccountPageAccess {
  /** Integrations (Slack, Zapier): only with the integrations flag. */
  integrations: boolean;
  /** Manage Users: account admins, and users whose state is neither Collaborator nor AccountAdmin. */
  manageUsers: boolean;
  /** The Admins block: adding admins (Add User), and the list where it is loaded. */
  admins: boolean;
  /**
   * The admin list (GET /user/admins) with removing admins: never for the Collaborator and
   * AccountAdmin states. An account admin (isAdmin) in those states still adds admins (SPEC §6
   * read as a whole: docs/architecture.md, Roles).
   */
  adminList: boolean;
  /** The collaborator list (GET /user/collaborators) with adding, editing and deleting collaborators. */
  collaborators: boolean;
  /** Manage Teams lists the teams with their device counts and offers deletion: admins only. */
  teamList: boolean;
  /** Team creation: everyone (a non-admin sees only the team add form). */
  createTeam: boolean;
}

/** SPEC §6 for the account page, as one pure function. */
export function accountPageAccess(user: AccountRoleUser): AccountPageAccess {
  const listsAdmins = !NO_ADMIN_LIST_STATES.has(user.state);
  const manageUsers = user.isAdmin || listsAdmins;
  return {
    integrations: user.hasIntegrations,
    manageUsers,
    admins: manageUsers && (listsAdmins || user.isAdmin),
    adminList: manageUsers && listsAdmins,
    collaborators: manageUsers,
    teamList: user.isAdmin,
    createTeam: true,
  };
}

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

/**
 * The activity log (listActivity, a proposal) is for account admins, as the admin list is.
 * Unknown user → no.
 */
export function canReadActivity(user: RoleFlags | null | undefined): boolean {
  return user?.isAdmin === true;
}
