import { useCallback, useState } from 'react';
import { ONBOARDING_STORAGE_KEY, parseProgress } from '../../lib/onboarding';
import type { OnboardingProgress } from '../../lib/onboarding';

function read(userId: string): OnboardingProgress {
  try {
    return parseProgress(window.sessionStorage.getItem(ONBOARDING_STORAGE_KEY), userId);
  } catch {
    return parseProgress(null, userId); // storage refused (privacy settings): start over
  }
}

function write(progress: OnboardingProgress | null): void {
  try {
    if (progress) window.sessionStorage.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify(progress));
    else window.sessionStorage.removeItem(ONBOARDING_STORAGE_KEY);
  } catch {
    // Not kept across a reload then; onboarding itself still works.
  }
}

/**
 * The onboarding step and answers, kept in this tab's sessionStorage so a reload resumes where
 * the user was. Corrupt or foreign data starts over (parseProgress), never a crash.
 */
export function useOnboardingProgress(userId: string) {
  const [progress, setProgress] = useState(() => read(userId));
  const update = useCallback((patch: Partial<Omit<OnboardingProgress, 'userId'>>) => {
    setProgress((current) => {
      const next = { ...current, ...patch };
      write(next);
      return next;
    });
  }, []);
  const clear = useCallback(() => write(null), []);
  return { progress, update, clear };
}
