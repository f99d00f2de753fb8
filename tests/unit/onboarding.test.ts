import { describe, expect, it } from 'vitest';
import {
  EMPTY_NOTICES,
  ONBOARDING_MESSAGES,
  ONBOARDING_STEP_IDS,
  ONBOARDING_STEP_LABELS,
  checkNotices,
  initialProgress,
  parseProgress,
} from '../../src/lib/onboarding';
import { desktopLinkUrl, detectDesktopPlatform } from '../../src/lib/desktop-app';

const ALICE = 'a1000000-0000-4000-8000-000000000001';
const BOB = 'a1000000-0000-4000-8000-000000000002';

describe('onboarding steps and messages', () => {
  it('has the SPEC steps in order', () => {
    expect(ONBOARDING_STEP_IDS.map((id) => ONBOARDING_STEP_LABELS[id])).toEqual([
      'Define your required checks',
      'Link device to the cloud service',
      'Important notices',
    ]);
  });

  it('keeps the SPEC §5/§8 messages verbatim', () => {
    expect(ONBOARDING_MESSAGES).toEqual({
      termsRequired: 'Please accept the terms and conditions',
      fieldsRequired: 'Please fill in all required fields',
      deviceRequired:
        'Please link at least one device before proceeding. Click the link above to download the desktop app and link your device.',
      presetFailed: 'Failed to save check settings. Please try again.',
      deviceCheckFailed: 'Failed to verify if device was linked. Please try again.',
      completeFailed: 'Failed to complete setup. Please try again.',
    });
  });
});

describe('checkNotices', () => {
  it('names missing choices first, and marks the fields', () => {
    expect(checkNotices({ ...EMPTY_NOTICES })).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
      fields: { foundAppOn: true, usingAppFor: true, termsAgreed: true },
    });
    expect(
      checkNotices({ foundAppOn: 'Podcast', usingAppFor: '', termsAgreed: true }),
    ).toMatchObject({
      ok: false,
      message: 'Please fill in all required fields',
      fields: { foundAppOn: false, usingAppFor: true, termsAgreed: false },
    });
  });

  it('asks for the terms once both dropdowns are chosen', () => {
    expect(
      checkNotices({ foundAppOn: 'Search', usingAppFor: 'Our clients', termsAgreed: false }),
    ).toEqual({
      ok: false,
      message: 'Please accept the terms and conditions',
      fields: { foundAppOn: false, usingAppFor: false, termsAgreed: true },
    });
  });

  it('gives the request body when everything is there', () => {
    expect(
      checkNotices({ foundAppOn: 'Podcast', usingAppFor: 'Ourselves', termsAgreed: true }),
    ).toEqual({
      ok: true,
      body: { foundAppOn: 'Podcast', usingAppFor: 'Ourselves', termsAgreed: true },
    });
  });

  it('never accepts a value outside the options (the placeholder included)', () => {
    const forged = { foundAppOn: 'Billboard', usingAppFor: 'Ourselves', termsAgreed: true };
    expect(checkNotices(forged as never)).toMatchObject({ ok: false });
  });
});

describe('stored onboarding progress', () => {
  it('resumes the same user at the stored step with the stored answers', () => {
    const stored = {
      userId: ALICE,
      step: 'notices',
      preset: 'all',
      notices: { foundAppOn: 'Podcast', usingAppFor: '', termsAgreed: true },
    };
    expect(parseProgress(JSON.stringify(stored), ALICE)).toEqual(stored);
  });

  it.each([
    ['missing', null],
    ['not JSON', '{"step":'],
    ['an array', '[]'],
    ['null', 'null'],
    ['an unknown step', JSON.stringify({ userId: ALICE, step: 'billing' })],
    ['another user', JSON.stringify({ userId: BOB, step: 'notices' })],
  ])('starts over when the stored value is %s', (_, raw) => {
    expect(parseProgress(raw, ALICE)).toEqual(initialProgress(ALICE));
  });

  it('keeps the step when only an answer is corrupt', () => {
    const raw = JSON.stringify({
      userId: ALICE,
      step: 'device',
      preset: 'most',
      notices: { foundAppOn: 42, usingAppFor: 'Our clients', termsAgreed: 'yes' },
    });
    expect(parseProgress(raw, ALICE)).toEqual({
      userId: ALICE,
      step: 'device',
      preset: 'default',
      notices: { foundAppOn: '', usingAppFor: 'Our clients', termsAgreed: false },
    });
  });
});

describe('desktop app', () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36', '', 'macos'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36', '', 'windows'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36', '', 'linux'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Windows', 'windows'],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36', 'Android', 'macos'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', '', 'macos'],
    ['', '', 'macos'],
  ])('detects %s (%s) as %s', (ua, hint, expected) => {
    expect(detectDesktopPlatform(ua, hint)).toBe(expected);
  });

  it('fills the link template, encoding each value', () => {
    expect(
      desktopLinkUrl('app://link?team={teamId}&invite={inviteId}&host={host}&x={other}', {
        teamId: '7e00',
        inviteId: '1f00',
        host: 'https://console.example.com',
        inviteLink: null,
      }),
    ).toBe('app://link?team=7e00&invite=1f00&host=https%3A%2F%2Fconsole.example.com&x={other}');
  });

  it('has no link when the template needs a value the invite lacks (SPEC-only invite answer)', () => {
    const values = {
      teamId: '7e00',
      inviteId: null,
      host: 'https://console.example.com',
      inviteLink: 'https://console.example.com/team/join/7e00?email=a%40b.example',
    };
    expect(desktopLinkUrl('app://link?team={teamId}&invite={inviteId}', values)).toBeNull();
    // A template built on the invite link works with what the SPEC answers.
    expect(desktopLinkUrl('app://link?url={inviteLink}', values)).toBe(
      'app://link?url=https%3A%2F%2Fconsole.example.com%2Fteam%2Fjoin%2F7e00%3Femail%3Da%2540b.example',
    );
  });
});
