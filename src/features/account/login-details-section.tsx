import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { User } from '../../api/current-user';
import { AccountSection, DetailList, DetailRow } from './account-section';
import { loginDetailActions } from './account-rules';

/** Email (Update), password (Change, or Set without one) and two-factor (Configure or Reconfigure). */
export function LoginDetailsSection({ user }: { user: User }) {
  const actions = loginDetailActions(user);
  const link = (href: string, text: string, label: string) => (
    <Button component={RouterLink} href={href} variant="outlined" size="small" aria-label={label}>
      {text}
    </Button>
  );
  return (
    <AccountSection title="Log-in details">
      <DetailList>
        <DetailRow
          label="Email"
          value={<Typography>{user.email}</Typography>}
          action={link('/email/change', 'Update', 'Update email')}
        />
        <DetailRow
          label="Password"
          value={
            <Typography color={user.hasPassword ? undefined : 'text.secondary'}>
              {user.hasPassword ? 'Set' : 'No password set yet'}
            </Typography>
          }
          action={link('/password/change', actions.password, `${actions.password} password`)}
        />
        <DetailRow
          label="Two-factor authentication"
          value={
            <Typography color={user.twoFAProvisioned ? undefined : 'text.secondary'}>
              {user.twoFAProvisioned ? 'Configured' : 'Not configured'}
            </Typography>
          }
          action={link(
            '/account/authentication',
            actions.twoFactor,
            `${actions.twoFactor} two-factor authentication`,
          )}
        />
      </DetailList>
    </AccountSection>
  );
}
