import { describe, expect, it } from 'vitest';
import { inviteIdFromLink, newlyLinked, teamBaseline } from '../../src/lib/linking-watch';

const TEAM = '7e000000-0000-4000-8000-000000000001';
const INVITE = '1f000000-0000-4000-8000-000000000001';
const device = (id: string, created: string) => ({ id, created });

describe('watching the team for a device linked after the wizard opened', () => {
  const before = [
    device('d47', '2025-10-26T08:00:00Z'),
    device('d46', '2025-10-21T07:00:00Z'),
    device('d45', '2025-10-16T06:00:00Z'),
  ];
  const baseline = teamBaseline(before);

  it('nothing new: no device', () => {
    expect(newlyLinked(baseline, before)).toBeNull();
  });

  it('a device newer than the baseline is the linked one', () => {
    const after = [device('d3', '2026-11-21T11:54:00Z'), ...before.slice(0, 2)];
    expect(newlyLinked(baseline, after)).toBe('d3');
  });

  it('of two new devices, the newest; whatever the order the server sends them in', () => {
    const after = [
      device('d46', '2025-10-21T07:00:00Z'),
      device('dA', '2026-11-21T11:50:00Z'),
      device('dB', '2026-11-21T11:55:00Z'),
    ];
    expect(newlyLinked(baseline, after)).toBe('dB');
  });

  it('a device that slides into the page because a newer one was removed does not count', () => {
    const after = [...before.slice(1), device('d44', '2025-10-11T05:00:00Z')];
    expect(newlyLinked(baseline, after)).toBeNull();
  });

  it('a device moved in from another team (linked long ago) does not count', () => {
    expect(newlyLinked(baseline, [device('moved', '2024-01-01T00:00:00Z'), ...before])).toBeNull();
  });

  it('an empty team at the start: its first device counts', () => {
    expect(newlyLinked(teamBaseline([]), [device('first', '2026-11-21T11:58:00Z')])).toBe('first');
  });

  it('a device linked in the same second as the newest known one still counts', () => {
    expect(newlyLinked(baseline, [device('twin', '2025-10-26T08:00:00Z'), ...before])).toBe('twin');
  });
});

describe("the invite's id carried by invite_link", () => {
  it.each([
    [`https://app.example.com/team/join/${TEAM}?inviteId=${INVITE}`, INVITE],
    [`https://app.example.com/team/join/${TEAM}?email=a%40b.example&invite=${INVITE}`, INVITE],
    [`https://app.example.com/team/join/${TEAM}/${INVITE}`, INVITE],
    [`https://app.example.com/team/join/${TEAM}/${INVITE.toUpperCase()}?email=x`, INVITE],
    [`https://app.example.com/snooze/${TEAM}/${INVITE}`, INVITE],
  ])('%s → the id', (link, id) => {
    expect(inviteIdFromLink(link, TEAM)).toBe(id);
  });

  it.each([
    // SPEC §7's shape: the team's join link, with the invited email at most.
    `https://app.example.com/team/join/${TEAM}?email=heidi%40northwind.example`,
    `https://app.example.com/team/join/${TEAM}?inviteId=not-a-uuid`,
    `https://app.example.com/team/join/${TEAM}/join`,
    'not a url',
    '',
  ])('%s → none', (link) => {
    expect(inviteIdFromLink(link, TEAM)).toBeNull();
  });
});
