import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DESKTOP_GUIDE, DESKTOP_PLATFORMS } from '../../lib/constants';
import type { DesktopPlatform } from '../../lib/constants';
import { detectDesktopPlatform } from '../../lib/desktop-app';

/** The reader's platform, from the browser (userAgentData when present). */
export function readerPlatform(): DesktopPlatform {
  if (typeof navigator === 'undefined') return DESKTOP_PLATFORMS[0];
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return detectDesktopPlatform(navigator.userAgent, data?.platform ?? '');
}

/** OS tabs macOS, Windows, Linux with one panel: the chosen platform's content. */
export function PlatformTabs({
  idPrefix,
  value,
  onChange,
  children,
}: {
  idPrefix: string;
  value: DesktopPlatform;
  onChange(platform: DesktopPlatform): void;
  children: ReactNode;
}) {
  return (
    <Box>
      <Tabs
        value={value}
        onChange={(_, next: DesktopPlatform) => onChange(next)}
        aria-label="Operating system"
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {DESKTOP_PLATFORMS.map((platform) => (
          <Tab
            key={platform}
            value={platform}
            label={DESKTOP_GUIDE[platform].label}
            id={`${idPrefix}-tab-${platform}`}
            aria-controls={`${idPrefix}-panel`}
            sx={{ textTransform: 'none' }}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${idPrefix}-panel`}
        aria-labelledby={`${idPrefix}-tab-${value}`}
        sx={{ pt: 2 }}
      >
        {children}
      </Box>
    </Box>
  );
}
