import { useSyncExternalStore } from 'react';
import Link from '@mui/material/Link';
import { isFeedbackAvailable, openFeedback, subscribeFeedback } from '../telemetry/feedback';

/** The shell's "Report a bug" entry: shown only when error reporting (and so feedback) runs. */
export function ReportBugButton() {
  const available = useSyncExternalStore(subscribeFeedback, isFeedbackAvailable, () => false);
  if (!available) return null;
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={(event) =>
        void openFeedback(event.currentTarget, primaryColour(event.currentTarget))
      }
      sx={{ verticalAlign: 'baseline' }}
    >
      Report a bug
    </Link>
  );
}

/** The theme's primary colour in the mode in force (a CSS variable: light and dark differ). */
function primaryColour(element: HTMLElement): string {
  return getComputedStyle(element).getPropertyValue('--mui-palette-primary-main').trim();
}
