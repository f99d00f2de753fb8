/**
 * The reset token of a `/password/change/{userId}/{resetToken}` link, held in memory only: the
 * page takes it out of the address bar at once (the history entry is replaced by
 * `/password/change/{userId}`), so it reaches no history, bookmark, referrer or error report.
 * Never stored (storage outlives the tab) and never logged. A reload loses it on purpose.
 */
let held: { userId: string; resetToken: string } | null = null;

export function holdResetToken(userId: string, resetToken: string): void {
  held = { userId, resetToken };
}

/** The held token for this user, if the link was opened in this tab and not used up yet. */
export function heldResetToken(userId: string): string | null {
  return held && held.userId.toLowerCase() === userId.toLowerCase() ? held.resetToken : null;
}

export function forgetResetToken(): void {
  held = null;
}
