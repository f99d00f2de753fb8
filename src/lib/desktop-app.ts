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

export interface DesktopLinkValues {
  teamId: string;
  /** The invite's id, when known (the proposed inviteId, or one carried by invite_link). */
  inviteId: string | null;
  host: string;
  /** The invite link the server answered (SPEC §7 `invite_link`). */
  inviteLink: string | null;
}

/**
 * The link that opens the desktop app for this invite: the configured template (placeholders
 * {teamId}, {inviteId}, {host}, {inviteLink}), filled in and encoded. Null when the template
 * needs a value this invite does not have (e.g. {inviteId} when the server answered only
 * invite_link): the wizard then shows the invite link to paste into the app instead.
 */
export function desktopLinkUrl(template: string, values: DesktopLinkValues): string | null {
  let missing = false;
  const url = template.replace(
    /\{(teamId|inviteId|host|inviteLink)\}/g,
    (_, key: keyof DesktopLinkValues) => {
      const value = values[key];
      if (!value) missing = true;
      return encodeURIComponent(value ?? '');
    },
  );
  return missing ? null : url;
}
