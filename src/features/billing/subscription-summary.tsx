import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCalendarDate } from '../../lib/dates';
import { DescriptionItem, DescriptionList } from '../../ui/description-list';
import { formatMoney } from '../../lib/money';
import { describeBillingState } from './billing-state';
import type { Billing } from './billing-state';

function DateField({ label, name, value }: { label: string; name: string; value?: string | null }) {
  const text = formatCalendarDate(value);
  if (!text || !value) return null;
  return (
    <DescriptionItem label={label} name={name}>
      <time dateTime={value}>{text}</time>
    </DescriptionItem>
  );
}

function MoneyField({
  label,
  name,
  value,
}: {
  label: string;
  name: string;
  value: Billing['nextPayment'];
}) {
  if (!value) return null;
  return (
    <DescriptionItem label={label} name={name}>
      {formatMoney(value.amount, value.currency)}
    </DescriptionItem>
  );
}

function Usage({ usage, limit }: { usage: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, (usage / limit) * 100) : 100;
  const full = usage >= limit;
  return (
    <Box sx={{ maxWidth: 320 }}>
      <span>
        {usage} of {limit} devices
        {usage > limit ? ' (over the limit)' : full ? ' (limit reached)' : ''}
      </span>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={full ? 'warning' : 'primary'}
        aria-label="Devices used"
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

/** The current subscription: its state in plain words, plan, devices, dates and payments. */
export function SubscriptionSummary({
  billing,
  trialDaysLeft,
  children,
}: {
  billing: Billing;
  trialDaysLeft: number;
  /** Actions under the summary (Manage Subscription). */
  children?: ReactNode;
}) {
  const wording = describeBillingState(billing, trialDaysLeft, (value) =>
    formatCalendarDate(value),
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="subscription-title"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id="subscription-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Current subscription
      </Typography>
      <Alert severity={wording.tone} role="note" sx={{ mb: 2 }} data-testid="billing-state">
        <AlertTitle>{wording.label}</AlertTitle>
        {wording.detail}
      </Alert>
      <DescriptionList>
        <DescriptionItem label="Plan" name="plan">
          {billing.plan}
        </DescriptionItem>
        <DescriptionItem label="Devices" name="devices">
          <Usage usage={billing.deviceUsage} limit={billing.deviceLimit} />
        </DescriptionItem>
        <DateField label="Valid to" name="validTo" value={billing.validTo} />
        <MoneyField label="Next payment" name="nextPayment" value={billing.nextPayment} />
        <DateField label="Next bill date" name="nextBillDate" value={billing.nextBillDate} />
        <MoneyField label="Last payment" name="lastPayment" value={billing.lastPayment} />
        <DateField label="Last bill date" name="lastBillDate" value={billing.lastBillDate} />
        <DateField label="Canceled on" name="canceledAt" value={billing.canceledAt} />
      </DescriptionList>
      {children}
    </Paper>
  );
}
