import { describe, expect, it } from 'vitest';
import { accountPageAccess } from '../../src/lib/roles';
import { teamNameSchema, validationMessage } from '../../src/lib/validation';
import {
  activeTeamAfterDelete,
  canAddCollaborator,
  deviceCountText,
  isCurrentAdmin,
  loginDetailActions,
  teamLinkChanges,
  userEmailProblem,
} from '../../src/features/account/account-rules';
import {
  safeHttpUrl,
  slackAuthorizeUrl,
  slackCallbackQuery,
} from '../../src/features/account/slack';

const user = (isAdmin: boolean, state: string, hasIntegrations = false) => ({
  isAdmin,
  state,
  hasIntegrations,
});

describe('SPEC §6 on the account page (accountPageAccess)', () => {
  it('an account admin in a billing state sees every section and loads the admin list', () => {
    expect(accountPageAccess(user(true, 'Subscribed', true))).toEqual({
      integrations: true,
      manageUsers: true,
      admins: true,
      adminList: true,
      collaborators: true,
      teamList: true,
      createTeam: true,
    });
  });

  it('a collaborator sees neither users nor the team list, only the team add form', () => {
    expect(accountPageAccess(user(false, 'Collaborator'))).toEqual({
      integrations: false,
      manageUsers: false,
      admins: false,
      adminList: false,
      collaborators: false,
      teamList: false,
      createTeam: true,
    });
  });

  it('the admin list is not loaded for the Collaborator and AccountAdmin states, yet an account admin there still adds admins', () => {
    for (const state of ['Collaborator', 'AccountAdmin']) {
      const access = accountPageAccess(user(true, state));
      expect(access.manageUsers).toBe(true);
      expect(access.collaborators).toBe(true);
      expect(access.admins).toBe(true);
      expect(access.adminList).toBe(false);
      expect(access.teamList).toBe(true);
    }
  });

  it('a non-admin whose state is neither Collaborator nor AccountAdmin manages users but not teams', () => {
    for (const state of ['Trial', 'Subscribed', 'Free', 'Paused', 'Unlimited']) {
      const access = accountPageAccess(user(false, state));
      expect(access).toMatchObject({
        manageUsers: true,
        admins: true,
        adminList: true,
        collaborators: true,
      });
      expect(access.teamList).toBe(false);
    }
    expect(accountPageAccess(user(false, 'AccountAdmin')).manageUsers).toBe(false);
  });

  it('integrations follow the flag alone', () => {
    expect(accountPageAccess(user(false, 'Collaborator', true)).integrations).toBe(true);
    expect(accountPageAccess(user(true, 'Subscribed', false)).integrations).toBe(false);
  });
});

describe('SPEC §5 user emails', () => {
  it('accepts a valid email of at most 128 characters, trimmed', () => {
    expect(userEmailProblem('erin@northwind.example')).toBeNull();
    expect(userEmailProblem('  erin@northwind.example ')).toBeNull();
    const local = 'a'.repeat(128 - '@northwind.example'.length);
    expect(userEmailProblem(`${local}@northwind.example`)).toBeNull();
  });

  it('refuses empty, invalid and too long emails', () => {
    expect(userEmailProblem('')).toBe('Please enter your email');
    expect(userEmailProblem('   ')).toBe('Please enter your email');
    expect(userEmailProblem('erin@')).toBe('Please enter a valid email');
    expect(userEmailProblem('erin northwind.example')).toBe('Please enter a valid email');
    const local = 'a'.repeat(129 - '@northwind.example'.length);
    expect(userEmailProblem(`${local}@northwind.example`)).toBe(
      'Email cannot exceed 128 characters',
    );
  });

  it('a collaborator also needs at least one team', () => {
    expect(canAddCollaborator('erin@northwind.example', [])).toBe(false);
    expect(canAddCollaborator('erin@northwind.example', ['t1'])).toBe(true);
    expect(canAddCollaborator('erin@', ['t1'])).toBe(false);
  });
});

describe('SPEC §5 team names', () => {
  it('1 to 128 characters after trimming, with the SPEC message for too long', () => {
    expect(validationMessage(teamNameSchema, 'Marketing')).toBeNull();
    expect(validationMessage(teamNameSchema, 'x'.repeat(128))).toBeNull();
    expect(validationMessage(teamNameSchema, `  ${'x'.repeat(128)}  `)).toBeNull();
    expect(validationMessage(teamNameSchema, 'x'.repeat(129))).toBe(
      'Team name cannot exceed 128 characters',
    );
    expect(validationMessage(teamNameSchema, '')).not.toBeNull();
    expect(validationMessage(teamNameSchema, '   ')).not.toBeNull();
  });
});

describe('account page rules', () => {
  it('log-in detail links: Set without a password, Reconfigure once two-factor is set up', () => {
    expect(loginDetailActions({ hasPassword: true, twoFAProvisioned: true })).toEqual({
      password: 'Change',
      twoFactor: 'Reconfigure',
    });
    expect(loginDetailActions({ hasPassword: false, twoFAProvisioned: false })).toEqual({
      password: 'Set',
      twoFactor: 'Configure',
    });
  });

  it('"(You)": the current admin by id, or by email in any case', () => {
    const me = { id: 'a1', email: 'alice@northwind.example' };
    expect(isCurrentAdmin({ id: 'a1', email: 'x@northwind.example' }, me)).toBe(true);
    expect(isCurrentAdmin({ id: 'a9', email: 'Alice@Northwind.example' }, me)).toBe(true);
    expect(isCurrentAdmin({ id: 'a4', email: 'frank@northwind.example' }, me)).toBe(false);
  });

  it('team links to add and remove', () => {
    expect(teamLinkChanges(['a', 'b'], ['b', 'c'])).toEqual({ add: ['c'], remove: ['a'] });
    expect(teamLinkChanges(['a'], ['a'])).toEqual({ add: [], remove: [] });
  });

  it('deleting the active team moves to the first remaining team; another active team stays', () => {
    const teams = [{ id: 'eng' }, { id: 'design' }, { id: 'sales' }];
    expect(activeTeamAfterDelete(teams, 'sales', 'sales')).toBe('eng');
    expect(activeTeamAfterDelete(teams, 'eng', 'eng')).toBe('design');
    expect(activeTeamAfterDelete(teams, 'design', 'sales')).toBe('design');
    expect(activeTeamAfterDelete(teams, null, 'eng')).toBe('design');
    expect(activeTeamAfterDelete([{ id: 'eng' }], 'eng', 'eng')).toBeNull();
  });

  it('device counts read naturally', () => {
    expect(deviceCountText(0)).toBe('No devices');
    expect(deviceCountText(1)).toBe('1 device');
    expect(deviceCountText(47)).toBe('47 devices');
  });
});

describe('Slack', () => {
  const settings = {
    authorizeUrl: 'https://slack.com/oauth/v2/authorize',
    clientId: '123.456',
    scope: 'incoming-webhook',
  };

  it('Add goes to the authorisation with the client id, scope and our callback', () => {
    const url = new URL(slackAuthorizeUrl(settings, 'https://console.example.com')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('client_id')).toBe('123.456');
    expect(url.searchParams.get('scope')).toBe('incoming-webhook');
    expect(url.searchParams.get('redirect_uri')).toBe('https://console.example.com/slack/connect');
  });

  it('no authorisation without a client id or with a non-http address (no dead link)', () => {
    expect(slackAuthorizeUrl({ ...settings, clientId: '' }, 'https://c.example')).toBeNull();
    expect(slackAuthorizeUrl({ ...settings, clientId: '  ' }, 'https://c.example')).toBeNull();
    expect(
      slackAuthorizeUrl({ ...settings, authorizeUrl: 'javascript:alert(1)' }, 'https://c.example'),
    ).toBeNull();
    expect(slackAuthorizeUrl(settings, 'null')).toBeNull();
  });

  it('only http(s) manage links become links', () => {
    expect(safeHttpUrl('https://slack.com/apps/manage')).toBe('https://slack.com/apps/manage');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });

  it('the callback query is passed on as it is, only when it starts with a code', () => {
    expect(slackCallbackQuery('?code=1.2.abc&state=x%20y')).toBe('code=1.2.abc&state=x%20y');
    expect(slackCallbackQuery('code=abc')).toBe('code=abc');
    expect(slackCallbackQuery('?state=x&code=abc')).toBeNull();
    expect(slackCallbackQuery('?code=&state=x')).toBeNull();
    expect(slackCallbackQuery('?error=access_denied')).toBeNull();
    expect(slackCallbackQuery('')).toBeNull();
  });
});
