import { useSyncExternalStore } from 'react';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import { isFeedbackAvailable, openFeedback, subscribeFeedback } from '../telemetry/feedback';

/** The shell's "Report a bug" entry: shown only when error reporting (and so feedback) runs. */
export function ReportBugButton() {
  const available = useSyncExternalStore(subscribeFeedback, isFeedbackAvailable, () => false);
  const theme = useTheme();
  if (!available) return null;
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={(event) => void openFeedback(event.currentTarget, theme.palette.primary.main)}
      sx={{ verticalAlign: 'baseline' }}
    >
      Report a bug
    </Link>
  );
}
