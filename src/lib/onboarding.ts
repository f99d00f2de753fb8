import * as v from 'valibot';
import { isUuid } from './uuid';

/** SPEC §2/§4 "Onboarding": the steps in order. */
export const ONBOARDING_STEP_IDS = ['checks', 'device', 'notices'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];
export const ONBOARDING_STEP_LABELS: Readonly<Record<OnboardingStepId, string>> = {
  checks: 'Define your required checks',
  device: 'Link device to the cloud service',
  notices: 'Important notices',
};

/** SPEC §3 "Onboarding form". */
const CHECK_PRESETS = ['default', 'all'] as const;
export type CheckPreset = (typeof CHECK_PRESETS)[number];
export const FOUND_APP_ON_OPTIONS = [
  'Friend or Colleague',
  'Social Media',
  'Podcast',
  'Online Communities',
  'Search',
  'Other',
] as const;
type FoundAppOn = (typeof FOUND_APP_ON_OPTIONS)[number];
export const USING_APP_FOR_OPTIONS = ['Ourselves', 'Our clients'] as const;
type UsingAppFor = (typeof USING_APP_FOR_OPTIONS)[number];

/** SPEC §5 and §8 "Onboarding", verbatim. */
export const ONBOARDING_MESSAGES = {
  termsRequired: 'Please accept the terms and conditions',
  fieldsRequired: 'Please fill in all required fields',
  deviceRequired:
    'Please link at least one device before proceeding. Click the link above to download the desktop app and link your device.',
  presetFailed: 'Failed to save check settings. Please try again.',
  deviceCheckFailed: 'Failed to verify if device was linked. Please try again.',
  completeFailed: 'Failed to complete setup. Please try again.',
} as const;

/** The final step's answers; '' is the placeholder, which can never be chosen. */
export interface NoticesForm {
  foundAppOn: FoundAppOn | '';
  usingAppFor: UsingAppFor | '';
  termsAgreed: boolean;
}

export const EMPTY_NOTICES: Readonly<NoticesForm> = Object.freeze({
  foundAppOn: '',
  usingAppFor: '',
  termsAgreed: false,
});

const noticesSchema = v.pipe(
  v.object({
    foundAppOn: v.picklist(FOUND_APP_ON_OPTIONS, ONBOARDING_MESSAGES.fieldsRequired),
    usingAppFor: v.picklist(USING_APP_FOR_OPTIONS, ONBOARDING_MESSAGES.fieldsRequired),
    termsAgreed: v.literal(true, ONBOARDING_MESSAGES.termsRequired),
  }),
);

export type NoticesResult =
  | { ok: true; body: { foundAppOn: FoundAppOn; usingAppFor: UsingAppFor; termsAgreed: true } }
  | {
      ok: false;
      message: string;
      fields: { foundAppOn: boolean; usingAppFor: boolean; termsAgreed: boolean };
    };

/**
 * SPEC §4: completing needs both dropdowns chosen and the terms accepted. Missing choices are
 * named first ("Please fill in all required fields"), then the terms.
 */
export function checkNotices(form: NoticesForm): NoticesResult {
  const result = v.safeParse(noticesSchema, form, { abortEarly: false });
  if (result.success) return { ok: true, body: result.output };
  const bad = new Set(result.issues.map((issue) => issue.path?.[0]?.key));
  const fields = {
    foundAppOn: bad.has('foundAppOn'),
    usingAppFor: bad.has('usingAppFor'),
    termsAgreed: bad.has('termsAgreed'),
  };
  const message =
    fields.foundAppOn || fields.usingAppFor
      ? ONBOARDING_MESSAGES.fieldsRequired
      : ONBOARDING_MESSAGES.termsRequired;
  return { ok: false, message, fields };
}

/**
 * Where onboarding stands, kept in sessionStorage so a reload of the page resumes at the same
 * step with the same answers (per tab, per user; cleared once completed). The device step's
 * own progress comes from the server (the team's device count), never from here.
 */
export const ONBOARDING_STORAGE_KEY = 'console.onboarding';

export interface OnboardingProgress {
  userId: string;
  step: OnboardingStepId;
  preset: CheckPreset;
  notices: NoticesForm;
}

export function initialProgress(userId: string): OnboardingProgress {
  return { userId, step: 'checks', preset: 'default', notices: { ...EMPTY_NOTICES } };
}

const progressSchema = v.object({
  userId: v.custom<string>(isUuid),
  step: v.picklist(ONBOARDING_STEP_IDS),
  preset: v.fallback(v.picklist(CHECK_PRESETS), 'default'),
  notices: v.fallback(
    v.object({
      foundAppOn: v.fallback(v.picklist(['', ...FOUND_APP_ON_OPTIONS]), ''),
      usingAppFor: v.fallback(v.picklist(['', ...USING_APP_FOR_OPTIONS]), ''),
      termsAgreed: v.fallback(v.boolean(), false),
    }),
    { ...EMPTY_NOTICES },
  ),
});

/** Stored text → progress of this user; anything missing, corrupt or another user's starts over. */
export function parseProgress(raw: string | null, userId: string): OnboardingProgress {
  if (raw === null) return initialProgress(userId);
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return initialProgress(userId);
  }
  const result = v.safeParse(progressSchema, data);
  if (!result.success || result.output.userId !== userId) return initialProgress(userId);
  return result.output;
}
