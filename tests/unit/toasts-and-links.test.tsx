// Small UI rules with no browser needed: the toast cap and the team invite link's fallback.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT } from '../../src/lib/constants';
import { TeamInviteLinkField } from '../../src/ui/team-invite-link-field';
import { withToast } from '../../src/ui/toasts';
import type { Toast } from '../../src/ui/toast-stack';

describe('toasts (SPEC §2 "with a counter (default 5)")', () => {
  const toast = (id: number): Toast => ({ id, severity: 'info', message: `Toast ${id}` });

  it('keeps at most 5 by default, dropping the oldest first', () => {
    expect(TOAST_LIMIT).toBe(5);
    let list: Toast[] = [];
    for (let id = 1; id <= 7; id += 1) list = withToast(list, toast(id), TOAST_LIMIT);
    expect(list.map((t) => t.id)).toEqual([3, 4, 5, 6, 7]);
  });

  it('below the cap nothing is dropped', () => {
    expect(withToast([toast(1), toast(2)], toast(3), 5).map((t) => t.id)).toEqual([1, 2, 3]);
  });
});

describe('the team invite link (SPEC §5, §7)', () => {
  const teamId = '7e000000-0000-4000-8000-000000000001';

  it('is the app origin with /team/join/{teamId}, to copy', () => {
    const html = renderToStaticMarkup(
      <TeamInviteLinkField teamId={teamId} origin="https://console.example.com" />,
    );
    expect(html).toContain(`value="https://console.example.com/team/join/${teamId}"`);
    expect(html).not.toContain('Unable to generate team link');
  });

  it.each([
    ['an opaque origin (a sandboxed frame)', teamId, 'null'],
    ['no team id', '', 'https://console.example.com'],
  ])(
    'cannot be built with %s: "Unable to generate team link. Please contact support."',
    (_n, id, origin) => {
      const html = renderToStaticMarkup(<TeamInviteLinkField teamId={id} origin={origin} />);
      expect(html).toContain('Unable to generate team link. Please contact support.');
      expect(html).not.toContain('/team/join/');
    },
  );
});
