// @vitest-environment happy-dom
// The signed-in shell's gate: what its main area shows for the route in view, and the team it
// makes active. decideShell is the ladder; useShellGate runs it on the app's queries.
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  type TeamSummary,
  type User,
  currentUserQuery,
  teamsQuery,
} from '../../src/api/current-user';
import { ApiError } from '../../src/api/error-catalogue';
import { createAppQueryClient } from '../../src/api/query';
import { decideShell, useShellGate } from '../../src/app/use-shell-gate';
import { getSession, SESSION_STORAGE_KEY } from '../../src/session/session';

const ENGINEERING: TeamSummary = {
  id: '7e000000-0000-4000-8000-000000000001',
  name: 'Engineering',
  deviceCount: 47,
};
const SALES: TeamSummary = {
  id: '7e000000-0000-4000-8000-000000000002',
  name: 'Sales',
  deviceCount: 0,
};
const UNKNOWN = '7e000000-0000-4000-8000-0000000000ff';
const USER = { id: 'u1', email: 'alice@northwind.example' } as User;
const FAILURE = new ApiError({ kind: 'serverError' });

const pending = { isPending: true, isError: false, isSuccess: false, data: undefined, error: null };
const failed = {
  isPending: false,
  isError: true,
  isSuccess: false,
  data: undefined,
  error: FAILURE,
};
const answered = <T,>(data: T) => ({
  isPending: false,
  isError: false,
  isSuccess: true,
  data,
  error: null,
});

const decide = (over: Partial<Parameters<typeof decideShell>[0]>) =>
  decideShell({
    teamScoped: true,
    routeTeamId: undefined,
    activeTeamId: null,
    user: answered(USER),
    teams: answered([ENGINEERING, SALES]),
    ...over,
  });

describe('decideShell: the ladder', () => {
  it('the team-less `/` waits for the user and the teams; a team page with its id does not', () => {
    expect(decide({ user: pending }).gate).toEqual({ kind: 'loading' });
    expect(decide({ teams: pending }).gate).toEqual({ kind: 'loading' });
    expect(decide({ teams: pending, routeTeamId: ENGINEERING.id }).gate).toEqual({ kind: 'page' });
    expect(decide({ user: pending, routeTeamId: ENGINEERING.id }).gate).toEqual({ kind: 'page' });
    expect(decide({ teamScoped: false, user: pending, teams: pending }).gate).toEqual({
      kind: 'page',
    });
  });

  it("the user's failure comes first; the teams' failure only on team pages", () => {
    expect(decide({ user: failed, teams: failed }).gate).toMatchObject({
      kind: 'error',
      source: 'user',
      error: FAILURE,
    });
    expect(decide({ teams: failed }).gate).toMatchObject({ kind: 'error', source: 'teams' });
    expect(decide({ teamScoped: false, teams: failed }).gate).toEqual({ kind: 'page' });
  });

  it('no team at all: the no-team screen on team pages (once the user is known)', () => {
    expect(decide({ teams: answered([]) }).gate).toEqual({ kind: 'noTeam', user: USER });
    expect(decide({ teams: answered([]), routeTeamId: UNKNOWN }).gate.kind).toBe('noTeam');
    expect(decide({ teamScoped: false, teams: answered([]) }).gate).toEqual({ kind: 'page' });
  });

  it('a team id that is not one of the user’s: "Team not found" with the team to go to instead', () => {
    const decision = decide({ routeTeamId: UNKNOWN, activeTeamId: SALES.id });
    expect(decision.gate).toEqual({ kind: 'teamNotFound', fallback: SALES });
    expect(decision.switcher).toBeNull();
    // Ids are compared exactly: the address must name the team as the server does.
    expect(decide({ routeTeamId: ENGINEERING.id.toUpperCase() }).gate.kind).toBe('teamNotFound');
  });

  it('the address’s team is the active one; else the remembered one, else the first', () => {
    expect(decide({ routeTeamId: SALES.id, activeTeamId: ENGINEERING.id }).active).toBe(SALES);
    expect(decide({ activeTeamId: SALES.id }).active).toBe(SALES);
    expect(decide({ activeTeamId: UNKNOWN }).active).toBe(ENGINEERING);
  });

  it('while the teams load, the address’s (or remembered) team id stands in for the links', () => {
    expect(decide({ teams: pending, routeTeamId: SALES.id }).navTeam).toEqual({ id: SALES.id });
    expect(decide({ teams: pending, activeTeamId: SALES.id }).navTeam).toEqual({ id: SALES.id });
    expect(decide({ teams: failed }).navTeam).toBeNull();
  });

  it('the switcher shows on team pages with more than one team', () => {
    expect(decide({}).switcher).toEqual({ teams: [ENGINEERING, SALES], activeId: ENGINEERING.id });
    expect(decide({ teams: answered([ENGINEERING]) }).switcher).toBeNull();
    expect(decide({ teamScoped: false }).switcher).toBeNull();
  });
});

describe('useShellGate', () => {
  afterEach(() => window.localStorage.clear());

  function render(routeTeamId: string | undefined) {
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        token: 'token-1',
        adminToken: null,
        activeTeamId: ENGINEERING.id,
        deviceOrderBy: 'deviceName',
        deviceOrderDirection: 'asc',
      }),
    );
    const queryClient = createAppQueryClient();
    // Fresh answers in the cache, where prefetchSessionData puts them: nothing is asked of the
    // network.
    queryClient.setQueryData(currentUserQuery().queryKey, USER);
    queryClient.setQueryData(teamsQuery().queryKey, [ENGINEERING, SALES]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(
      () => useShellGate({ teamScoped: true }, routeTeamId ? { teamId: routeTeamId } : {}),
      { wrapper },
    );
  }

  it('visiting a team’s page makes it the active team, kept in the session', async () => {
    const { result } = render(SALES.id);
    expect(result.current.gate).toEqual({ kind: 'page' });
    expect(result.current.user).toEqual(USER);
    expect(result.current.impersonating).toBe(false);
    await waitFor(() => expect(getSession().activeTeamId).toBe(SALES.id));
  });

  it('an unknown team leaves the active team as it was', () => {
    const { result } = render(UNKNOWN);
    expect(result.current.gate).toEqual({ kind: 'teamNotFound', fallback: ENGINEERING });
    expect(getSession().activeTeamId).toBe(ENGINEERING.id);
  });
});
