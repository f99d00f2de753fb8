import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  SUBSCRIPTION_MESSAGES,
  errorFromFailure,
  errorFromResponse,
  readErrorBody,
  serverDetails,
} from '../../src/api/error-catalogue';
import { errorExamples } from './contract-document';

const signedIn = { hadToken: true };

describe('SPEC §8 catalogue, row by row', () => {
  it('401 with a session: "Authentication expired. Please login again.", expire the session, not reported', () => {
    const e = errorFromResponse(401, {}, signedIn);
    expect([e.kind, e.message, e.action, e.report]).toEqual([
      'unauthorized',
      'Authentication expired. Please login again.',
      'expireSession',
      false,
    ]);
  });

  it('401 without a session (a login attempt) does not expire anything', () => {
    const e = errorFromResponse(401, {}, { hadToken: false });
    expect(e.action).toBe('none');
    expect(e.status).toBe(401);
  });

  it.each([
    ['Overdue', /overdue/i],
    ['Canceled', /canceled/i],
    ['Paused', /paused/i],
  ])('402 %s: an active-subscription message', (constraint, text) => {
    const e = errorFromResponse(402, { constraint }, signedIn);
    expect(e.kind).toBe('paymentRequired');
    expect(e.constraint).toBe(constraint);
    expect(e.message).toMatch(text);
    expect(e.message).toMatch(/active subscription/);
  });

  it('402 with an unknown constraint or another body: "There was a problem with this request"', () => {
    expect(errorFromResponse(402, { constraint: 'Bogus' }, signedIn).message).toBe(
      'There was a problem with this request',
    );
    const other = errorFromResponse(402, { errors: ['Pay up'] }, signedIn);
    expect([other.kind, other.constraint, other.body, other.message]).toEqual([
      'paymentRequired',
      undefined,
      undefined,
      'There was a problem with this request',
    ]);
    expect(errorFromResponse(402, 'not json', signedIn).message).toBe(
      'There was a problem with this request',
    );
  });

  it('404 and 429 are not reported; 429 says to wait', () => {
    expect(errorFromResponse(404, null, signedIn).report).toBe(false);
    const e = errorFromResponse(429, null, signedIn);
    expect(e.report).toBe(false);
    expect(e.message).toBe('Too many requests. Please try again in a few minutes.');
  });

  it('500: "Internal server error." and reported', () => {
    const e = errorFromResponse(500, { message: 'boom' }, signedIn);
    expect(e.message).toBe('Internal server error.');
    expect(e.report).toBe(true);
  });

  it('503 with the maintenance page goes to /maintenance; 503 without it is an ordinary problem', () => {
    const page = errorExamples().find((e) => e.status === 503 && e.media === 'text/html')!;
    const maintenance = errorFromResponse(503, page.value, signedIn);
    expect([maintenance.kind, maintenance.action, maintenance.body]).toEqual([
      'maintenance',
      'maintenance',
      undefined,
    ]);
    const other = errorFromResponse(503, { errors: ['busy'] }, signedIn);
    expect(other.action).toBe('none');
    expect(other.message).toBe('There was a problem with this request: busy');
  });

  it('other statuses show the server errors list', () => {
    expect(
      errorFromResponse(400, { errors: ['Name is taken', 'Too long'] }, signedIn).message,
    ).toBe('There was a problem with this request: Name is taken; Too long');
  });

  it('other statuses show exception, field and message when there is no list', () => {
    expect(
      errorFromResponse(
        409,
        { exception: 'Conflict', field: 'email', message: 'already used' },
        signedIn,
      ).message,
    ).toBe('There was a problem with this request: Conflict, email, already used');
  });

  it('other statuses without details: the bare sentence', () => {
    expect(errorFromResponse(418, '', signedIn).message).toBe(
      'There was a problem with this request',
    );
  });

  it('network error, timeout, other transport failure and cancellation are told apart', () => {
    const network = errorFromFailure(new TypeError('Failed to fetch'));
    expect([network.kind, network.message]).toEqual([
      'network',
      'Network Error. Please check your internet connection.',
    ]);
    const timeout = errorFromFailure(new DOMException('signal timed out', 'TimeoutError'));
    expect([timeout.kind, timeout.message]).toEqual(['timeout', 'No response from the server.']);
    const other = errorFromFailure(new Error('weird'));
    expect([other.kind, other.message]).toEqual([
      'transport',
      'There was a problem communicating with the server.',
    ]);
    const cancelled = errorFromFailure(new DOMException('aborted', 'AbortError'));
    expect(cancelled.kind).toBe('cancelled');
  });

  it('the outdated-version row: "New version available.", log out', () => {
    expect(ERROR_CATALOGUE.outdatedVersion.message).toBe('New version available.');
    expect(ERROR_CATALOGUE.outdatedVersion.action).toBe('newVersion');
  });

  it("an error body without the contract's shape is dropped: the bare sentence, never a crash", () => {
    for (const malformed of [
      null,
      [1, 2],
      { errors: [null, 3, { message: 'x', field: 'f' }] },
      { errors: 'not a list' },
      { message: 42 },
      '<html>Bad gateway</html>',
    ]) {
      const e = errorFromResponse(409, malformed, signedIn);
      expect(e.message).toBe('There was a problem with this request');
      expect(e.body).toBeUndefined();
    }
  });

  it('serverDetails reads the typed body: the list first, blank entries left out', () => {
    expect(serverDetails(undefined)).toEqual([]);
    expect(serverDetails({ errors: [' ', 'Name is taken'] })).toEqual(['Name is taken']);
    expect(serverDetails({ errors: [], field: 'email', message: 'is not valid' })).toEqual([
      'email, is not valid',
    ]);
  });
});

describe('error bodies as the contract declares them', () => {
  const examples = errorExamples();
  const json = examples.filter((example) => example.media === 'application/json');
  const unique = [...new Map(json.map((e) => [`${e.status} ${e.name}`, e])).values()];

  it('the contract has JSON error examples to check (400 to 500)', () => {
    expect(new Set(unique.map((e) => e.status))).toEqual(
      new Set([400, 401, 402, 404, 412, 429, 500]),
    );
  });

  it.each(unique.map((e) => [e.status, e.name, e.value] as const))(
    '%s %s: the body is read as the contract declares it',
    (status, _name, value) => {
      const error = errorFromResponse(status, value, signedIn);
      expect(error.body).toEqual(value);
      expect(readErrorBody(status, value)).toEqual(value);
    },
  );

  it('402: the constraint comes from the typed body, with its active-subscription message', () => {
    for (const example of unique.filter((e) => e.status === 402)) {
      const error = errorFromResponse(402, example.value, signedIn);
      const body = error.body;
      if (!body || !('constraint' in body)) throw new Error('402 without its PaymentRequired body');
      expect(error.constraint).toBe(body.constraint);
      expect(error.message).toBe(SUBSCRIPTION_MESSAGES[body.constraint]);
    }
  });

  it('undeclared fields of an error body are not carried on (the body is exactly the declared shape)', () => {
    const error = errorFromResponse(
      400,
      { errors: ['No'], stackTrace: 'at Db.query (secret.js:1)', owner: 'dana@northwind.example' },
      signedIn,
    );
    expect(error.body).toEqual({ errors: ['No'] });
  });
});
