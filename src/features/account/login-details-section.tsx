import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { User } from '../../api/current-user';
import { DescriptionItem, DescriptionList } from '../../ui/description-list';
import { SectionCard } from '../../ui/section-card';
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
    <SectionCard title="Log-in details">
      <DescriptionList layout="rows">
        <DescriptionItem label="Email" action={link('/email/change', 'Update', 'Update email')}>
          <Typography>{user.email}</Typography>
        </DescriptionItem>
        <DescriptionItem
          label="Password"
          action={link('/password/change', actions.password, `${actions.password} password`)}
        >
          <Typography color={user.hasPassword ? undefined : 'text.secondary'}>
            {user.hasPassword ? 'Set' : 'No password set yet'}
          </Typography>
        </DescriptionItem>
        <DescriptionItem
          label="Two-factor authentication"
          action={link(
            '/account/authentication',
            actions.twoFactor,
            `${actions.twoFactor} two-factor authentication`,
          )}
        >
          <Typography color={user.twoFAProvisioned ? undefined : 'text.secondary'}>
            {user.twoFAProvisioned ? 'Configured' : 'Not configured'}
          </Typography>
        </DescriptionItem>
      </DescriptionList>
    </SectionCard>
  );
}
