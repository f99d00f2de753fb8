import Typography from '@mui/material/Typography';
import { EXTERNAL_LINKS, FREE_TRIAL_DAYS } from '../lib/constants';
import { ExternalLink } from './external-link';

/** SPEC §2: the login and password reset screens link to the free trial. */
export function FreeTrialLine() {
  return (
    <Typography variant="body2" color="text.secondary">
      No account yet?{' '}
      <ExternalLink href={EXTERNAL_LINKS.signup}>
        Start your {FREE_TRIAL_DAYS}-day free trial
      </ExternalLink>
    </Typography>
  );
}
