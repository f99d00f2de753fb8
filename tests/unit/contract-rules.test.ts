// @vitest-environment node
// The contract decisions the tools share (scripts/lib/contract-rules.ts): whether an operation can
// be called signed out, as OpenAPI defines `security`, and which operation a request is, a literal
// segment winning over a parameter whatever the document's order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchOperation, operationIsPublic, pathMatcher } from '../../scripts/lib/contract-rules';
import { listOperations, readDocument } from '../../scripts/lib/openapi-doc';
import { DOC_PATH } from '../../scripts/lib/paths';

describe('operationIsPublic', () => {
  const bearer = { bearerAuth: [] };
  it('is public without a requirement, or with the empty one `{}` among them', () => {
    expect(operationIsPublic({}, {})).toBe(true);
    expect(operationIsPublic({ security: [bearer] }, { security: [] })).toBe(true);
    expect(operationIsPublic({ security: [bearer] }, { security: [{}] })).toBe(true);
    expect(operationIsPublic({}, { security: [bearer, {}] })).toBe(true);
    expect(operationIsPublic({ security: [{}] }, {})).toBe(true);
  });

  it("is secured by its own requirement, or else by the document's", () => {
    expect(operationIsPublic({ security: [bearer] }, {})).toBe(false);
    expect(operationIsPublic({ security: [] }, { security: [bearer] })).toBe(false);
    expect(operationIsPublic({}, { security: [{ bearerAuth: [], apiKey: [] }] })).toBe(false);
  });

  it("finds the contract's signed-out operations (login) and not its secured ones", () => {
    const document = readDocument(DOC_PATH);
    const open = listOperations(document)
      .filter((op) => operationIsPublic(document, op.operation))
      .map((op) => op.operationId);
    expect(open.length).toBeGreaterThan(0);
    expect(open).toContain('login');
    expect(open).not.toContain('getUser');
  });
});

describe('matchOperation', () => {
  const op = (method: string, template: string) => ({ method, template, ...pathMatcher(template) });

  it('matches the method (any case) and the path without its query, a trailing slash allowed', () => {
    const teams = op('GET', '/teams');
    expect(matchOperation([teams], 'get', '/teams?page=2')).toBe(teams);
    expect(matchOperation([teams], 'GET', '/teams/')).toBe(teams);
    expect(matchOperation([teams], 'POST', '/teams')).toBeUndefined();
    expect(matchOperation([teams], 'GET', '/teams/x')).toBeUndefined();
  });

  it('names the parameters in the order of the pattern groups', () => {
    const invite = pathMatcher('/team/{teamId}/invite/{inviteId}.json');
    expect(invite.params).toEqual(['teamId', 'inviteId']);
    expect(invite.literals).toEqual([true, true, false, true, false]);
    expect(invite.pattern.exec('/team/t-1/invite/i-2.json')?.slice(1)).toEqual(['t-1', 'i-2']);
    expect(invite.pattern.test('/team/t-1/invite/i-2xjson')).toBe(false);
  });

  it('prefers a literal segment to a parameter at the first place they differ, in any order', () => {
    const operations = [
      op('GET', '/user/{id}'),
      op('GET', '/user/admins'),
      op('GET', '/team/{teamId}/devices'),
      op('GET', '/team/invites/{inviteId}'),
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(operations, { minLength: 4, maxLength: 4 }), (order) => {
        expect(matchOperation(order, 'GET', '/user/admins')?.template).toBe('/user/admins');
        expect(matchOperation(order, 'GET', '/user/7')?.template).toBe('/user/{id}');
        expect(matchOperation(order, 'GET', '/team/invites/devices')?.template).toBe(
          '/team/invites/{inviteId}',
        );
        expect(matchOperation(order, 'GET', '/team/7/devices')?.template).toBe(
          '/team/{teamId}/devices',
        );
      }),
    );
  });

  it('finds every operation of the contract from an address of its own path', () => {
    const document = readDocument(DOC_PATH);
    const operations = listOperations(document).map((item) => ({
      ...item,
      ...pathMatcher(item.path),
    }));
    for (const item of operations) {
      const address = item.path.replaceAll(/\{[^}]+\}/g, '0b7e8f70-1c2d-4e3f-9a4b-5c6d7e8f9a0b');
      expect(matchOperation(operations, item.method, address)?.key, address).toBe(item.key);
    }
  });
});
