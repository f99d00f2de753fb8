import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { User } from '../../api/current-user';
import { EXTERNAL_LINKS, SLACK_SETTINGS } from '../../lib/constants';
import { ExternalLink } from '../../ui/external-link';
import { DescriptionItem, DescriptionList } from '../../ui/description-list';
import { SectionCard } from '../../ui/section-card';
import { safeHttpUrl, slackAuthorizeUrl } from './slack';

/** Slack's state and action: Manage with a manage link, else Add when Slack is set up here. */
function SlackRow({ user }: { user: User }) {
  const manage = safeHttpUrl(user.slackManageLink);
  const authorize = manage ? null : slackAuthorizeUrl(SLACK_SETTINGS, window.location.origin);
  const channel = user.slackConfig?.channel;
  let action = null;
  if (manage) {
    action = (
      <Button
        component={ExternalLink}
        href={manage}
        variant="outlined"
        size="small"
        aria-label="Manage Slack"
        underline="none"
      >
        Manage
      </Button>
    );
  } else if (authorize) {
    // The authorisation comes back to /slack/connect in this tab, so it opens here.
    action = (
      <Button
        href={authorize}
        rel="noopener noreferrer"
        variant="outlined"
        size="small"
        aria-label="Add Slack"
      >
        Add
      </Button>
    );
  }
  return (
    <DescriptionItem label="Slack" action={action}>
      <Typography>
        {user.slackConfig ? `Connected${channel ? ` to ${channel}` : ''}` : 'Not connected'}
      </Typography>
      {!manage && !authorize ? (
        <Typography variant="body2" color="text.secondary">
          Connecting Slack is not available in this installation of the console.
        </Typography>
      ) : null}
    </DescriptionItem>
  );
}

/** SPEC §2 Integrations (shown with the integrations flag): Slack and Zapier. */
export function IntegrationsSection({ user }: { user: User }) {
  return (
    <SectionCard
      title="Integrations"
      description="Send device-security notifications to the tools your team already uses."
    >
      <DescriptionList layout="rows">
        <SlackRow user={user} />
        <DescriptionItem
          label="Zapier"
          action={
            <Button
              component={ExternalLink}
              href={EXTERNAL_LINKS.zapier}
              variant="outlined"
              size="small"
              aria-label="Add Zapier"
              underline="none"
            >
              Add
            </Button>
          }
        >
          <Typography>Connect the console to thousands of apps.</Typography>
        </DescriptionItem>
      </DescriptionList>
    </SectionCard>
  );
}
