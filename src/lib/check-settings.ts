/** SPEC §3/§9: a check is required or optional for the team's devices. */
export type CheckLevel = 'required' | 'optional';

export const CHECK_LEVEL_LABELS: Record<CheckLevel, string> = {
  required: 'Required',
  optional: 'Optional',
};

export function isCheckLevel(value: unknown): value is CheckLevel {
  return value === 'required' || value === 'optional';
}

export interface SettingsCheck {
  id: string;
  description: string;
  level: string;
}
export interface SettingsClaim {
  claim: string;
  checks: readonly SettingsCheck[];
}
export interface LevelChange {
  checks: { id: string; level: CheckLevel }[];
}

/** One check by id (UUIDs compare case-insensitively: the route accepts upper case). */
export function findCheck(
  claims: readonly SettingsClaim[],
  checkId: string,
): { claim: string; check: SettingsCheck } | null {
  const wanted = checkId.toLowerCase();
  for (const claim of claims) {
    const check = claim.checks.find((c) => c.id.toLowerCase() === wanted);
    if (check) return { claim: claim.claim, check };
  }
  return null;
}

/** How many checks of a claim are required. */
export function requiredCount(claim: SettingsClaim): number {
  return claim.checks.filter((c) => c.level === 'required').length;
}

/** A bulk change is worth asking for when at least one check of the claim is at another level. */
export function bulkChangeNeeded(claim: SettingsClaim, level: CheckLevel): boolean {
  return claim.checks.some((c) => c.level !== level);
}

/**
 * SPEC §2 bulk change: the whole category goes to one level, so every check of the claim is
 * sent (the same request sets them all, whatever each was before).
 */
export function bulkChangePayload(claim: SettingsClaim, level: CheckLevel): LevelChange {
  return { checks: claim.checks.map((c) => ({ id: c.id, level })) };
}

/**
 * The single-check page may save when a level is chosen that differs from the current one
 * (saving the same level would change nothing).
 */
export function singleChangePayload(
  check: SettingsCheck,
  chosen: string | null | undefined,
): LevelChange | null {
  if (!isCheckLevel(chosen) || chosen === check.level) return null;
  return { checks: [{ id: check.id, level: chosen }] };
}
