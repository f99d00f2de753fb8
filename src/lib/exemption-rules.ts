/**
 * The exemption form's rules (createExemption): a reason (1 to 500 characters, not only spaces)
 * and an end date, a calendar day after today and at most a year ahead. Pure: the day "today" is
 * given. The end date is a day (`yyyy-mm-dd`, as a date input gives it); the exemption ends at
 * the end of that day (UTC), which the contract allows as long as it is within 365 days.
 */
import { parseIsoDate } from './dates';

export const EXEMPTION_REASON_MAX = 500;
/** The contract's limit: endsAt at most 365 days ahead. */
export const EXEMPTION_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

export interface ExemptionForm {
  reason: string;
  endDate: string;
}

export interface ExemptionFormErrors {
  reason?: string;
  endDate?: string;
}

/** A day as `yyyy-mm-dd` (UTC). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The latest end date the form accepts: today plus 364 days, so its end stays within 365 days. */
export function latestExemptionEnd(now: Date): string {
  return isoDay(new Date(now.getTime() + (EXEMPTION_MAX_DAYS - 1) * DAY_MS));
}

/** The earliest: tomorrow. */
export function earliestExemptionEnd(now: Date): string {
  return isoDay(new Date(now.getTime() + DAY_MS));
}

/** The end of the chosen day (UTC), as the request's endsAt. */
export function exemptionEndsAt(endDate: string): string {
  return `${endDate}T23:59:59Z`;
}

export function validateExemption(form: ExemptionForm, now: Date): ExemptionFormErrors {
  const errors: ExemptionFormErrors = {};
  const reason = form.reason.trim();
  if (reason === '') errors.reason = 'Enter a reason.';
  else if (form.reason.length > EXEMPTION_REASON_MAX)
    errors.reason = `Use at most ${EXEMPTION_REASON_MAX} characters.`;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(form.endDate) ? parseIsoDate(form.endDate) : null;
  if (form.endDate === '') errors.endDate = 'Choose an end date.';
  else if (!day) errors.endDate = 'Enter a valid date.';
  else if (form.endDate < earliestExemptionEnd(now)) errors.endDate = 'Choose a date after today.';
  else if (form.endDate > latestExemptionEnd(now))
    errors.endDate = 'Choose a date at most a year ahead.';
  return errors;
}

export function hasErrors(errors: ExemptionFormErrors): boolean {
  return errors.reason !== undefined || errors.endDate !== undefined;
}
