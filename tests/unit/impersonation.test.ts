import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/error-catalogue';
import { impersonationFailure, tokenOf } from '../../src/features/impersonation/impersonation';
import { DEFAULT_SESSION, startImpersonation, stopImpersonation } from '../../src/session/session';
import { thirdPartiesAllowed } from '../../src/telemetry/third-parties';

const TEAM = '7e000000-0000-4000-8000-000000000001';

describe('impersonation: the token swap both ways (SPEC §4)', () => {
  const support = {
    ...DEFAULT_SESSION,
    token: 'dana-token',
    activeTeamId: TEAM,
    deviceOrderBy: 'status' as const,
  };

  it('start: the support token waits in the admin slot, the customer token is the session', () => {
    const started = startImpersonation(support, 'bob-token');
    expect(started).toMatchObject({ token: 'bob-token', adminToken: 'dana-token' });
    // The support user's team must not be applied to the customer's teams.
    expect(started.activeTeamId).toBeNull();
    expect(thirdPartiesAllowed(started)).toBe(false);
  });

  it('stop: the support token is the session again, the admin slot is empty, preferences kept', () => {
    const stopped = stopImpersonation(startImpersonation(support, 'bob-token'));
    expect(stopped).toMatchObject({
      token: 'dana-token',
      adminToken: null,
      deviceOrderBy: 'status',
      activeTeamId: null,
    });
    expect(thirdPartiesAllowed(stopped)).toBe(true);
  });

  it('stopping when not impersonating and starting when signed out change nothing', () => {
    expect(stopImpersonation(support)).toBe(support);
    expect(startImpersonation(DEFAULT_SESSION, 'bob-token')).toBe(DEFAULT_SESSION);
  });
});

describe('impersonation answers', () => {
  it('every failure reads "Impersonation failed" with the catalogue reason', () => {
    expect(impersonationFailure(new ApiError({ kind: 'notFound', status: 404 }))).toBe(
      'Impersonation failed: The requested item was not found.',
    );
    expect(impersonationFailure(new ApiError({ kind: 'serverError', status: 500 }))).toBe(
      'Impersonation failed: Internal server error.',
    );
    expect(impersonationFailure(new ApiError({ kind: 'cancelled' }))).toBe('Impersonation failed');
  });

  it('a token of blanks only is no session (the contract already guarantees a string)', () => {
    expect(tokenOf({ token: 'nws_abc' })).toBe('nws_abc');
    expect(tokenOf({ token: '  ' })).toBeNull();
    expect(tokenOf({ token: '' })).toBeNull();
  });
});
