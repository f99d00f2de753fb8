import * as v from 'valibot';
import { MAX_EMAIL_LENGTH } from './constants';

/** SPEC §9: report frequencies, in the order they are offered. */
export const REPORT_FREQUENCIES = ['weekdays', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekdays: 'Weekdays',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

function isReportFrequency(value: unknown): value is ReportFrequency {
  return typeof value === 'string' && (REPORT_FREQUENCIES as readonly string[]).includes(value);
}

/** A frequency as shown; an unknown value from the server is shown as it came, never a crash. */
export function reportFrequencyLabel(value: string): string {
  return isReportFrequency(value) ? REPORT_FREQUENCY_LABELS[value] : value;
}

/** SPEC §5 report recipient: a valid email of at most 128 characters. */
const recipientEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter an email'),
  v.maxLength(MAX_EMAIL_LENGTH, `Email cannot exceed ${MAX_EMAIL_LENGTH} characters`),
  v.email('Please enter a valid email'),
);

export const ALREADY_RECIPIENT = 'This address already receives this report.';

export interface Recipient {
  email: string;
  frequency: string;
}

export type RecipientProblem = { field: 'email' | 'frequency'; message: string } | null;

/**
 * SPEC §5: the add action needs a valid email and a chosen frequency. An address that already
 * gets the report at that frequency is refused too (it would add nothing).
 */
export function recipientProblem(
  email: string,
  frequency: string,
  existing: readonly Recipient[] = [],
): RecipientProblem {
  const parsed = v.safeParse(recipientEmailSchema, email);
  if (!parsed.success) return { field: 'email', message: parsed.issues[0].message };
  if (!isReportFrequency(frequency))
    return { field: 'frequency', message: 'Please choose a frequency' };
  const wanted = parsed.output.toLowerCase();
  if (existing.some((r) => r.email.toLowerCase() === wanted && r.frequency === frequency))
    return { field: 'email', message: ALREADY_RECIPIENT };
  return null;
}

/** The body of POST /team/{teamId}/report/email, or null while the add action must stay disabled. */
export function newRecipientBody(
  email: string,
  frequency: string,
  existing: readonly Recipient[] = [],
): { email: string; frequency: ReportFrequency } | null {
  if (recipientProblem(email, frequency, existing) !== null || !isReportFrequency(frequency))
    return null;
  return { email: email.trim(), frequency };
}
