// A world's people and credentials: who sees what (GET /user), admins and collaborators, login,
// the second factor, passwords and reset links, email changes, onboarding.
import { randomUUID } from 'node:crypto';
import type { Person, Schemas } from './records';
import { hashPassword, newTotpSecret, passwordMatches, randomToken, totpMatches } from './secrets';
import {
  badRequest,
  capitalised,
  contractProblem,
  DAY,
  iso,
  notFound,
  sameEmail,
  setFields,
} from './shared';
import type { World } from './world';

const REFUSE_RECONFIGURE =
  'Reconfiguring Two Factor Authentication is not allowed, please contact the support.';
const WRONG_CODE = 'The verification code or the password is not correct';

export const peopleActions = {
  /** GET /user for a person and the session's token. */
  userView(this: World, person: Person, token: string, now: number): Schemas['User'] {
    const {
      role,
      name: _name,
      teamIds: _teamIds,
      passwordHash: _hash,
      totpSecret: _secret,
      pendingTotpSecrets: _pending,
      ...user
    } = person;
    const billing = this.accountBilling();
    const owner = role === 'owner';
    const state = owner ? billing.state : user.state;
    const trial = owner && state.startsWith('Trial') && state !== 'TrialOverdue' && billing.validTo;
    return {
      ...user,
      token,
      state,
      trialDaysLeft: trial ? Math.max(0, Math.ceil((Date.parse(billing.validTo!) - now) / DAY)) : 0,
      teams: this.visibleTeams(person).map((team) => this.teamSummary(team)),
    };
  },

  listAdmins(this: World, me: Person): Schemas['Admin'][] {
    // No 400 is declared: to a person who may not see it, the list does not exist.
    if (!this.isAccountAdmin(me)) throw notFound();
    return this.people
      .all()
      .filter((person) => person.role === 'owner' || person.role === 'admin')
      .map((person) => ({ id: person.id, email: person.email }));
  },

  newPerson(this: World, email: string, role: Person['role'], ssoOnly: boolean): Person {
    return {
      id: randomUUID(),
      email,
      billingEmail: null,
      isAdmin: role !== 'collaborator',
      isPaddleBilling: false,
      firstLogin: true,
      isSSO: ssoOnly,
      termsAccepted: false,
      twoFAProvisioned: false,
      slackConfig: null,
      state: role === 'collaborator' ? 'Collaborator' : 'AccountAdmin',
      trialDaysLeft: 0,
      beaconSignature: randomToken('beacon', 16).slice(7),
      hasPassword: false,
      onboardingCompleted: true,
      hasBillingRole: false,
      hasIntegrations: false,
      isSuperuser: false,
      slackManageLink: null,
      role,
      name: capitalised(email),
      teamIds: [],
      passwordHash: null,
      totpSecret: null,
      pendingTotpSecrets: [],
    };
  },

  async addAdmin(
    this: World,
    me: Person,
    body: { email: string; ssoOnly: boolean },
    now: number,
  ): Promise<void> {
    if (!this.managesAdmins(me)) throw badRequest('Only the account owner can add admins.');
    const existing = this.personByEmail(body.email);
    if (existing && existing.role !== 'collaborator') {
      throw badRequest(`${body.email} is already an admin of this account.`);
    }
    if (existing) {
      await setFields(
        this.people,
        { id: existing.id },
        {
          role: 'admin',
          isAdmin: true,
          state: 'AccountAdmin',
          teamIds: [],
          ...(body.ssoOnly ? { isSSO: true } : {}),
        },
      );
    } else {
      await this.people.create(this.newPerson(body.email, 'admin', body.ssoOnly));
    }
    await this.send(now, body.email, 'You are now an admin of the account', '/login');
  },

  async removeAdmin(this: World, me: Person, body: { email: string }): Promise<void> {
    if (!this.managesAdmins(me)) throw badRequest('Only the account owner can remove admins.');
    if (sameEmail(me.email, body.email))
      throw badRequest('You cannot remove yourself as an admin.');
    const admin = this.personByEmail(body.email);
    if (!admin || (admin.role !== 'admin' && admin.role !== 'owner')) {
      throw notFound(`${body.email} is not an admin of this account`);
    }
    if (admin.role === 'owner') throw badRequest('The account owner cannot be removed.');
    this.people.delete((q) => q.where({ id: admin.id }));
  },

  listCollaborators(this: World, me: Person): Schemas['Collaborator'][] {
    if (!this.isAccountAdmin(me)) throw notFound();
    const teams = this.teams.all();
    return this.people
      .all()
      .filter((person) => person.role === 'collaborator' && person.teamIds.length > 0)
      .map((person) => ({
        email: person.email,
        teams: teams
          .filter((team) => person.teamIds.includes(team.id))
          .map((team) => ({ id: team.id, name: team.name })),
      }));
  },

  async addCollaborator(
    this: World,
    me: Person,
    body: { email: string; ssoOnly: boolean },
    now: number,
  ): Promise<void> {
    this.requireAccountAdmin(me, 'add users');
    const existing = this.personByEmail(body.email);
    if (existing && existing.role !== 'collaborator') {
      throw badRequest(`${body.email} is an admin of this account and sees every team.`);
    }
    if (existing && existing.teamIds.length > 0) {
      throw badRequest(
        `${body.email} already has an account.`,
        `Choose the teams for ${body.email} instead.`,
      );
    }
    if (!existing)
      await this.people.create(this.newPerson(body.email, 'collaborator', body.ssoOnly));
    await this.send(now, body.email, 'You are invited to the device-security console', '/login');
  },

  async addTeamCollaborator(
    this: World,
    me: Person,
    teamId: string,
    body: { email: string },
  ): Promise<Schemas['Message']> {
    this.requireAccountAdmin(me, 'give access to teams');
    const team = this.team(me, teamId);
    const person = this.personByEmail(body.email);
    if (!person) throw badRequest(`${body.email} has no account yet. Add the user first.`);
    if (person.role !== 'collaborator') {
      throw badRequest(`${body.email} is an admin of this account and sees every team.`);
    }
    if (!person.teamIds.includes(team.id)) {
      await setFields(this.people, { id: person.id }, { teamIds: [...person.teamIds, team.id] });
    }
    return { message: `${person.email} now has access to ${team.name}.` };
  },

  async removeTeamCollaborator(
    this: World,
    me: Person,
    teamId: string,
    body: { email: string },
  ): Promise<void> {
    this.requireAccountAdmin(me, 'remove access to teams');
    const team = this.team(me, teamId);
    const person = this.personByEmail(body.email);
    if (!person || person.role !== 'collaborator' || !person.teamIds.includes(team.id)) {
      throw notFound(`${body.email} is not a collaborator of ${team.name}`);
    }
    const teamIds = person.teamIds.filter((id) => id !== team.id);
    await setFields(this.people, { id: person.id }, { teamIds });
  },

  /** Login: the password (once one was set here) and the second factor (once confirmed here). */
  checkLogin(
    this: World,
    person: Person,
    password: string,
    pin: string | undefined,
    now: number,
  ): 'ok' | 'failed' | 'second factor' {
    if (person.passwordHash && !passwordMatches(password, person.passwordHash)) return 'failed';
    if (person.totpSecret) {
      if (pin === undefined) return 'second factor';
      if (!totpMatches(person.totpSecret, pin, now)) return 'failed';
    }
    return 'ok';
  },

  async createTwoFactorSecret(this: World, me: Person): Promise<Schemas['TwoFactorSecret']> {
    const secret = newTotpSecret();
    const pendingTotpSecrets = [...me.pendingTotpSecrets.slice(-4), secret];
    await setFields(this.people, { id: me.id }, { pendingTotpSecrets });
    const label = encodeURIComponent(`Device Security:${me.email}`);
    return {
      secret,
      uri: `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent('Device Security')}`,
    };
  },

  async confirmTwoFactor(
    this: World,
    me: Person,
    body: { totp: string; secret: string; password?: string },
    now: number,
  ): Promise<void> {
    if (me.twoFAProvisioned) throw badRequest(REFUSE_RECONFIGURE);
    const wrongPassword =
      body.password !== undefined &&
      me.passwordHash !== null &&
      !passwordMatches(body.password, me.passwordHash);
    if (
      !me.pendingTotpSecrets.includes(body.secret) ||
      wrongPassword ||
      !totpMatches(body.secret, body.totp, now)
    ) {
      throw badRequest(WRONG_CODE);
    }
    await setFields(
      this.people,
      { id: me.id },
      { totpSecret: body.secret, twoFAProvisioned: true, pendingTotpSecrets: [] },
    );
  },

  async changePassword(
    this: World,
    me: Person,
    body: { oldPassword?: string; newPassword: string },
  ): Promise<void> {
    if (me.hasPassword) {
      const old = body.oldPassword ?? '';
      if (old === '' || (me.passwordHash !== null && !passwordMatches(old, me.passwordHash))) {
        throw contractProblem('POST /user/password/change', 'wrongPassword');
      }
    }
    await this.setPassword(me, body.newPassword);
  },

  async setPassword(this: World, person: Person, password: string): Promise<void> {
    const hash = hashPassword(password);
    await setFields(this.people, { id: person.id }, { passwordHash: hash, hasPassword: true });
  },

  async requestPasswordReset(this: World, person: Person, now: number): Promise<void> {
    const reset = await this.passwordResets.create({
      resetToken: randomToken('rst', 16),
      personId: person.id,
      expiresAt: iso(now + 60 * 60 * 1000),
      used: false,
    });
    await this.send(
      now,
      person.email,
      'Reset your password',
      `/password/change/${person.id}/${reset.resetToken}`,
    );
  },

  async resetPassword(
    this: World,
    body: { userId: string; resetToken: string; password: string },
    now: number,
  ): Promise<void> {
    const reset = this.passwordResets.findFirst((q) => q.where({ resetToken: body.resetToken }));
    const person = reset && this.person(reset.personId);
    if (
      !reset ||
      !person ||
      reset.used ||
      reset.personId !== body.userId ||
      Date.parse(reset.expiresAt) < now
    ) {
      throw contractProblem('POST /user/password/reset/change', 'expiredLink');
    }
    await setFields(this.passwordResets, { resetToken: reset.resetToken }, { used: true });
    await this.setPassword(person, body.password);
  },

  async requestEmailChange(
    this: World,
    me: Person,
    body: { newEmail: string },
    now: number,
  ): Promise<void> {
    if (this.personByEmail(body.newEmail))
      throw contractProblem('POST /user/email/change', 'emailTaken');
    const change = await this.emailChanges.create({
      changeToken: randomToken('chg', 16),
      personId: me.id,
      newEmail: body.newEmail,
      expiresAt: iso(now + DAY),
      newEmailVerified: false,
      currentEmailVerified: false,
    });
    const link = (stage: string) =>
      `/email/verify?stage=${stage}&newEmail=${encodeURIComponent(body.newEmail)}&changeToken=${change.changeToken}`;
    await this.send(now, me.email, 'Confirm the change of your login email', link('CurrentEmail'));
    await this.send(now, body.newEmail, 'Confirm your new login email', link('NewEmail'));
  },

  async verifyEmailChange(
    this: World,
    body: { newEmail: string; changeToken: string; stage: 'CurrentEmail' | 'NewEmail' },
    now: number,
  ): Promise<Schemas['EmailVerifyResult']> {
    const change = this.emailChanges.findFirst((q) => q.where({ changeToken: body.changeToken }));
    const person = change && this.person(change.personId);
    if (!change || !person || !sameEmail(change.newEmail, body.newEmail)) {
      throw contractProblem('POST /user/email/verify', 'invalidLink');
    }
    if (Date.parse(change.expiresAt) < now)
      throw contractProblem('POST /user/email/verify', 'expired');
    const updated = await this.emailChanges.update(
      (q) => q.where({ changeToken: change.changeToken }),
      {
        data(draft) {
          if (body.stage === 'CurrentEmail') draft.currentEmailVerified = true;
          else draft.newEmailVerified = true;
        },
      },
    );
    const result = {
      expiresAt: updated!.expiresAt,
      newEmailVerified: updated!.newEmailVerified,
      currentEmailVerified: updated!.currentEmailVerified,
    };
    if (
      result.newEmailVerified &&
      result.currentEmailVerified &&
      !sameEmail(person.email, change.newEmail)
    ) {
      if (this.personByEmail(change.newEmail)) {
        throw contractProblem('POST /user/email/verify', 'invalidLink');
      }
      await setFields(this.people, { id: person.id }, { email: change.newEmail });
    }
    return result;
  },

  async saveOnboardingInfo(this: World, me: Person): Promise<void> {
    await setFields(
      this.people,
      { id: me.id },
      { onboardingCompleted: true, termsAccepted: true, firstLogin: false },
    );
  },
};

export type PeopleActions = typeof peopleActions;
