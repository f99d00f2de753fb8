import { DESKTOP_PLATFORMS } from './constants';
import type { DesktopPlatform } from './constants';

/**
 * The reader's desktop platform from the browser's own words (userAgentData.platform when there
 * is one, else the user agent). Phones and anything unknown get macOS, the first tab.
 */
export function detectDesktopPlatform(userAgent: string, platformHint = ''): DesktopPlatform {
  const text = `${platformHint} ${userAgent}`.toLowerCase();
  if (/android|iphone|ipad|ipod/.test(text)) return 'macos';
  if (/windows|win32|win64/.test(text)) return 'windows';
  if (/mac ?os|macintosh|macintel/.test(text)) return 'macos';
  if (/linux|x11|cros|ubuntu|fedora/.test(text)) return 'linux';
  return DESKTOP_PLATFORMS[0];
}

export function isDesktopPlatform(value: unknown): value is DesktopPlatform {
  return typeof value === 'string' && (DESKTOP_PLATFORMS as readonly string[]).includes(value);
}

/** The link that opens the desktop app for this invite: the configured template, filled in. */
export function desktopLinkUrl(
  template: string,
  values: { teamId: string; inviteId: string; host: string },
): string {
  return template.replace(/\{(teamId|inviteId|host)\}/g, (_, key: keyof typeof values) =>
    encodeURIComponent(values[key]),
  );
}
