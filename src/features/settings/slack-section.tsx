import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { $api } from '../../api/query';
import { EmptyState, ErrorNotice, SectionLoading } from '../../ui/page-states';
import { SectionCard } from '../../ui/section-card';
import { teamPath } from './settings-queries';

/**
 * The Slack channels that get this team's alerts, each with its email. Channels are connected
 * through the Slack integration of the account page (SPEC §2 Account: Integrations), so admins
 * who have integrations get a link there; the list itself is the same for everyone.
 */
export function SlackSection({
  teamId,
  linkToAccount,
}: {
  teamId: string;
  linkToAccount: boolean;
}) {
  const slack = $api.useQuery('get', '/team/{teamId}/slack/integrations', teamPath(teamId));
  let body;
  if (slack.isPending) body = <SectionLoading label="Loading Slack integrations" />;
  else if (slack.isError)
    body = (
      <ErrorNotice
        error={slack.error}
        onRetry={() => void slack.refetch()}
        title="The Slack integrations could not be loaded"
      />
    );
  else if (slack.data.length === 0) body = <EmptyState>No active Slack integrations.</EmptyState>;
  else
    body = (
      <List disablePadding aria-label="Slack channels">
        {slack.data.map((s) => (
          <ListItem key={`${s.channel} ${s.email}`} divider disableGutters>
            <ListItemText
              primary={s.channel}
              secondary={s.email}
              slotProps={{
                primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItem>
        ))}
      </List>
    );
  return (
    <SectionCard
      id="settings-slack"
      title="Slack Integrations"
      description="Slack channels that receive this team's device alerts."
    >
      {body}
      {linkToAccount ? (
        <Typography variant="body2" sx={{ mt: 2 }}>
          Connect or manage Slack in the integrations of{' '}
          <Link component={RouterLink} href="/account" underline="always">
            your account
          </Link>
          .
        </Typography>
      ) : null}
    </SectionCard>
  );
}
