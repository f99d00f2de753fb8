import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';

/** A screen with live status asks the server again this often while it is visible. */
export const LIVE_REFRESH_MS = 60_000;

/**
 * Query options of a live screen: ask again every 60 s while the tab is visible (TanStack Query
 * skips the interval while the document is hidden) and when the tab becomes visible again (if the
 * data is stale). `paused` (a dialog or form open on that data) stops both.
 */
export function liveQueryOptions(paused: boolean) {
  return {
    refetchInterval: paused ? false : LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: !paused,
  } as const;
}

/** "just now" for the first minute, then minutes, hours and days. */
export function updatedAgoText(updatedAt: number, now: number): string {
  const minutes = Math.floor((now - updatedAt) / 60_000);
  if (minutes < 1) return 'Updated just now';
  if (minutes < 60) return `Updated ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Updated ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `Updated ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/**
 * "Updated just now / N minutes ago" beside a live screen's title, from the query's
 * `dataUpdatedAt`. Not a live region: it changes every minute and is there to be read on demand.
 */
export function UpdatedAgo({ updatedAt }: { updatedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  if (!updatedAt) return null;
  // Data newer than the last tick was updated just now.
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      data-testid="updated-ago"
      sx={{ whiteSpace: 'nowrap' }}
    >
      {updatedAgoText(updatedAt, Math.max(now, updatedAt))}
    </Typography>
  );
}
