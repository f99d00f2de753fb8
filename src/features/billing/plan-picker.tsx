import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import type { User } from '../../api/current-user';
import { BILLING_CONFIG, PLAN_LIMITS, PLAN_NAMES } from '../../lib/constants';
import type { PlanName } from '../../lib/constants';
import { formatMoney } from '../../lib/money';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toasts';
import type { Billing } from './billing-state';
import { PROVIDER_FAILED_MESSAGE } from './checkout';
import { checkout, useCheckout } from './paddle-checkout';
import {
  buysThroughCheckout,
  clampOnLeave,
  clampQuantity,
  clampWhileTyping,
  isPaidPlan,
  monthlyPrice,
  priceIdOf,
} from './plans';

const money = (amount: number) => formatMoney(amount, BILLING_CONFIG.currency);

function planPriceText(plan: PlanName): string {
  const { min, max } = PLAN_LIMITS[plan];
  if (!isPaidPlan(plan)) return `Free up to ${max} devices`;
  return `${money(BILLING_CONFIG.unitPrices[plan])} per device per month, ${min} to ${max} devices`;
}

function totalText(plan: PlanName, quantity: number): string {
  if (!isPaidPlan(plan)) return 'Free';
  return `${money(monthlyPrice(plan, quantity))} per month, excluding tax`;
}

function initialQuantity(plan: PlanName, billing: Billing): number {
  return plan === billing.plan
    ? clampQuantity(plan, billing.deviceLimit)
    : PLAN_LIMITS[plan].defaultQuantity;
}

/**
 * The plan picker: Starter, Team or Business with a device quantity clamped to the plan's
 * range. The user's isPaddleBilling flag (SPEC §3) decides: an account billed through the payment
 * provider changes its plan in place (PATCH /user/billing), as does anyone choosing the free
 * Starter plan; otherwise a paid plan is bought through the provider's checkout overlay.
 */
export function PlanPicker({ billing, user }: { billing: Billing; user: User }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const provider = useCheckout();
  const [plan, setPlan] = useState<PlanName>(billing.plan);
  const [quantityText, setQuantityText] = useState(String(initialQuantity(billing.plan, billing)));
  const [confirming, setConfirming] = useState(false);
  const [checkoutFailed, setCheckoutFailed] = useState(false);
  const change = $api.useMutation('patch', '/user/billing', {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['get', '/user/billing'] }),
        queryClient.invalidateQueries({ queryKey: ['get', '/user'] }),
      ]),
  });

  // SPEC §3: the user's isPaddleBilling flag says whether a subscription at the provider exists.
  const needsCheckout = !user.isPaddleBilling;
  // The provider is loaded only where a checkout can happen, once per page.
  useEffect(() => {
    if (needsCheckout) void checkout.initialize();
  }, [needsCheckout]);

  const quantity = clampOnLeave(plan, quantityText, initialQuantity(plan, billing));
  const viaCheckout = buysThroughCheckout(plan, user.isPaddleBilling);
  const unchanged = plan === billing.plan && quantity === billing.deviceLimit && !viaCheckout;
  const providerBusy =
    viaCheckout && (provider.status === 'notLoaded' || provider.status === 'loading');
  const providerFailed = viaCheckout && (provider.status === 'failed' || checkoutFailed);
  const range = PLAN_LIMITS[plan];

  const choose = (next: PlanName) => {
    setPlan(next);
    setQuantityText(String(initialQuantity(next, billing)));
    setCheckoutFailed(false);
    change.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuantityText(String(quantity));
    if (unchanged || change.isPending) return;
    if (!viaCheckout) {
      setConfirming(true);
      return;
    }
    if (provider.status !== 'loaded') return;
    const opened = checkout.open({
      priceId: priceIdOf(plan),
      quantity,
      email: user.billingEmail ?? user.email,
    });
    setCheckoutFailed(!opened);
  };

  const save = () => {
    if (change.isPending) return;
    change.mutate(
      { body: { priceId: priceIdOf(plan), deviceLimit: quantity } },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.info('Updated!');
        },
      },
    );
  };

  let action = 'Change plan';
  if (unchanged) action = 'Current plan';
  else if (viaCheckout) action = providerBusy ? 'Loading payment provider' : 'Continue to payment';

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="plan-picker-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="plan-picker-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Change plan
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="plan-picker-title">
        <RadioGroup
          name="plan"
          aria-label="Plan"
          value={plan}
          onChange={(event) => choose(event.target.value as PlanName)}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            gap: 2,
          }}
        >
          {PLAN_NAMES.map((name) => (
            <Paper
              key={name}
              variant="outlined"
              sx={{
                p: 2,
                borderColor: name === plan ? 'primary.main' : undefined,
                borderWidth: name === plan ? 2 : 1,
              }}
            >
              <FormControlLabel
                value={name}
                control={<Radio />}
                sx={{ m: 0, alignItems: 'flex-start', width: '100%' }}
                label={
                  <Box sx={{ pt: 1 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                      {name === billing.plan ? (
                        <Chip size="small" label="Current plan" variant="outlined" />
                      ) : null}
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {planPriceText(name)}
                    </Typography>
                  </Box>
                }
              />
            </Paper>
          ))}
        </RadioGroup>

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 3, alignItems: { xs: 'stretch', sm: 'flex-start' } }}
        >
          <TextField
            label="Devices"
            name="quantity"
            value={isPaidPlan(plan) ? quantityText : String(range.max)}
            disabled={!isPaidPlan(plan)}
            onChange={(event) => {
              setQuantityText(clampWhileTyping(plan, event.target.value));
              setCheckoutFailed(false);
            }}
            onBlur={() => setQuantityText(String(quantity))}
            helperText={
              isPaidPlan(plan)
                ? `${plan}: ${range.min} to ${range.max} devices`
                : `${plan}: up to ${range.max} devices`
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            sx={{ maxWidth: { sm: 220 } }}
          />
          <Box sx={{ pt: { sm: 2 } }}>
            <Typography data-testid="plan-total" sx={{ fontWeight: 600 }}>
              {totalText(plan, quantity)}
            </Typography>
          </Box>
        </Stack>

        {providerFailed ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {PROVIDER_FAILED_MESSAGE}
          </Alert>
        ) : null}

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 3, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Button
            type="submit"
            variant="contained"
            disabled={unchanged || change.isPending || providerBusy || providerFailed}
          >
            {action}
          </Button>
          {viaCheckout && !providerFailed ? (
            <Typography variant="body2" color="text.secondary">
              Payment is handled by our payment provider, the merchant of record.
            </Typography>
          ) : null}
        </Stack>
      </Box>

      <ConfirmDialog
        open={confirming}
        title="Change plan"
        confirmLabel="Change plan"
        busyLabel="Changing plan"
        mutation={change}
        onConfirm={save}
        onClose={() => setConfirming(false)}
      >
        {isPaidPlan(plan) ? (
          <>
            Change your subscription to <strong>{plan}</strong> for {quantity} devices (
            {totalText(plan, quantity)})?
          </>
        ) : (
          <>
            Change your subscription to the free <strong>Starter</strong> plan for up to {range.max}{' '}
            devices?
          </>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
