import Stack from '@mui/material/Stack';
import { ComputerIcon } from './icons';
import { TruncatedText } from './bidi-text';

/**
 * The platforms the console knows by name (the contract's Platform lists them as known values).
 * SPEC §3 gives no list: a device may report any other, which is shown too, never refused.
 */
const KNOWN_PLATFORMS: readonly string[] = ['macOS', 'Windows', 'Linux'];

/** Shown for a device that reports no platform at all. */
const NO_PLATFORM = 'Unknown';

/**
 * A device's platform as it came: a known one by its name; any other by its name (one line, cut
 * with an ellipsis, the whole name in the tooltip) next to a neutral computer icon.
 */
export function PlatformLabel({
  platform,
  maxWidth = 160,
}: {
  platform: string;
  maxWidth?: number;
}) {
  if (KNOWN_PLATFORMS.includes(platform)) return <>{platform}</>;
  return (
    <Stack
      component="span"
      direction="row"
      spacing={0.5}
      data-platform="other"
      sx={{ display: 'inline-flex', alignItems: 'center', minWidth: 0, maxWidth: '100%' }}
    >
      <ComputerIcon fontSize="small" sx={{ color: 'text.secondary', flexShrink: 0 }} />
      <TruncatedText text={platform.trim() === '' ? NO_PLATFORM : platform} maxWidth={maxWidth} />
    </Stack>
  );
}
