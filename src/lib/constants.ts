import type { components } from '../../generated/api';

/** Business constants from SPEC §9, in one place. */
export const PRODUCT_NAME = 'Device Security Console';
export const TITLE_SUFFIX = ` | ${PRODUCT_NAME}`;

/** The API's base URL, a path of the console's own origin (the server proxies it). */
export const API_BASE_URL = '/api/v1';
/**
 * The `window` property under which the build's route-preload script leaves the route's first
 * request, started before the app's code arrived (src/api/route-prefetch.ts adopts it).
 */
export const ROUTE_PREFETCH_HANDOFF = '__consoleRoutePrefetch';

export const DEVICE_LIST_DEFAULT_PAGE = 1;
export const DEVICE_LIST_DEFAULT_PAGE_SIZE = 20;
export const DEVICE_LIST_PAGE_SIZES = [10, 20, 50, 100] as const;
export const CSV_EXPORT_PAGE_SIZE = 100;

export const MAX_EMAIL_LENGTH = 128;
export const MAX_TEAM_NAME_LENGTH = 128;
export const MAX_DEVICE_NAME_LENGTH = 255;
export const MAX_PASSWORD_LENGTH = 128;
export const MIN_PASSWORD_LENGTH = 8;

export const TOAST_LIMIT = 5;
export const TEAMS_RETRY_DELAY_MS = 100;
export const DEVICE_STALE_DAYS = 60;
export const OVERVIEW_OUTDATED_ROWS = 8;
export const OVERVIEW_MAX_AVATARS = 15;
export const REQUEST_TIMEOUT_MS = 30_000;
export const FREE_TRIAL_DAYS = 14;
export const EMAIL_SNOOZE_DAYS = 15;

/** SPEC §9 plans: Starter free up to 5 devices; Team 1 to 50 (default 10); Business 10 to 1000 (default 15). */
export const PLAN_NAMES = ['Starter', 'Team', 'Business'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export interface PlanLimits {
  min: number;
  max: number;
  defaultQuantity: number;
}
export const PLAN_LIMITS: Readonly<Record<PlanName, PlanLimits>> = {
  Starter: { min: 5, max: 5, defaultQuantity: 5 },
  Team: { min: 1, max: 50, defaultQuantity: 10 },
  Business: { min: 10, max: 1000, defaultQuantity: 15 },
};
/** SPEC §4: after the checkout closes or completes, the billing page reloads after this delay. */
export const CHECKOUT_RELOAD_DELAY_MS = 5000;
/** The provider's loader never gives up on its own; ours does (not in the SPEC). */
export const PAYMENT_PROVIDER_TIMEOUT_MS = 15_000;
/** SPEC §9: the analytics visit-count heartbeat runs at most 60 ticks (interval: not in the SPEC). */
export const VISIT_HEARTBEAT_MAX_TICKS = 60;
export const VISIT_HEARTBEAT_INTERVAL_MS = 60_000;

/** Device-linking wizard (SPEC §4, §9; the poll schedule is in linking-poll.ts). */
export const LINKING_MANUAL_LINK_DELAY_MS = 10_000;
export const LINKING_REDIRECT_DELAY_MS = 3_000;

/**
 * `list` as it is, once it names every value of `All`: a list that misses one fails to compile,
 * naming what is missing. (`satisfies` refuses values that `All` lacks.)
 */
function listingEvery<All>() {
  return <const T extends readonly All[]>(
    list: T &
      ([Exclude<All, T[number]>] extends [never] ? unknown : { missing: Exclude<All, T[number]> }),
  ): T => list;
}

/**
 * SPEC §3 device sort columns and directions: the contract's enums (generated/api.d.ts), listed for
 * parsing. `npm run typecheck` fails here when the contract adds a column or a direction.
 */
export type DeviceSortColumn = components['schemas']['DeviceSortColumn'];
export type SortDirection = components['schemas']['SortDirection'];
export const DEVICE_SORT_COLUMNS = listingEvery<DeviceSortColumn>()([
  'deviceName',
  'modelName',
  'status',
  'passedCount',
  'failedCount',
  'failedRequiredCount',
  'disabledCount',
  'version',
  'lastCheck',
  'created',
  'ownerEmail',
  'platform',
  'osVersion',
] as const satisfies readonly DeviceSortColumn[]);
export const SORT_DIRECTIONS = listingEvery<SortDirection>()([
  'asc',
  'desc',
] as const satisfies readonly SortDirection[]);

/**
 * External destinations. The SPEC fixes none of these addresses; they are configuration
 * (VITE_* variables) with neutral defaults.
 */
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};
export const EXTERNAL_LINKS = {
  apps: env.VITE_APPS_URL ?? 'https://apps.example.com/',
  docs: env.VITE_DOCS_URL ?? 'https://docs.example.com/',
  privacy: env.VITE_PRIVACY_URL ?? 'https://example.com/privacy',
  terms: env.VITE_TERMS_URL ?? 'https://example.com/terms',
  pricing: env.VITE_PRICING_URL ?? 'https://example.com/pricing',
  signup: env.VITE_SIGNUP_URL ?? 'https://example.com/signup',
  support: env.VITE_SUPPORT_URL ?? 'mailto:support@example.com',
  avatar: env.VITE_AVATAR_URL ?? 'https://www.gravatar.com/avatar/',
  zapier: env.VITE_ZAPIER_URL ?? 'https://zapier.com/apps',
  /** Devices' public pages live under this address: {publicPage}{slug}. */
  publicPage: env.VITE_PUBLIC_PAGE_URL ?? 'https://public.example.com/',
} as const;

/**
 * Slack authorisation ("Add" on the account page). Slack sends the user back to /slack/connect.
 * Without a client id the authorisation cannot work, so the console does not offer it.
 */
export const SLACK_SETTINGS = {
  authorizeUrl: env.VITE_SLACK_AUTHORIZE_URL || 'https://slack.com/oauth/v2/authorize',
  clientId: env.VITE_SLACK_CLIENT_ID ?? '',
  scope: env.VITE_SLACK_SCOPE || 'incoming-webhook',
} as const;
export const SLACK_CALLBACK_PATH = '/slack/connect';
function positiveNumber(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * Billing configuration. The SPEC fixes the price ids and the pricing link but does not show them:
 * VITE_* settings whose defaults are the contract story's placeholder ids. List prices (per device
 * and month, excluding tax) are configuration too; the provider's checkout shows the final amount.
 */
export const BILLING_CONFIG = {
  paddleClientToken: env.VITE_PADDLE_CLIENT_TOKEN ?? '',
  paddleEnvironment: env.VITE_PADDLE_ENVIRONMENT === 'production' ? 'production' : 'sandbox',
  priceIds: {
    Starter: env.VITE_PRICE_ID_STARTER || 'pri_starter_free',
    Team: env.VITE_PRICE_ID_TEAM || 'pri_team_monthly',
    Business: env.VITE_PRICE_ID_BUSINESS || 'pri_business_monthly',
  },
  unitPrices: {
    Starter: 0,
    Team: positiveNumber(env.VITE_PRICE_TEAM_PER_DEVICE, 8),
    Business: positiveNumber(env.VITE_PRICE_BUSINESS_PER_DEVICE, 12),
  },
  currency: env.VITE_PRICE_CURRENCY || 'USD',
} as const satisfies {
  paddleClientToken: string;
  paddleEnvironment: 'production' | 'sandbox';
  priceIds: Record<PlanName, string>;
  unitPrices: Record<PlanName, number>;
  currency: string;
};

/** The desktop app's platforms, in the order of the wizard's OS tabs. */
export const DESKTOP_PLATFORMS = ['macos', 'windows', 'linux'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];

/**
 * The desktop app: download addresses per platform and the link that opens the app for an
 * invite ({teamId}, {inviteId} and {host} are filled in). Configuration with neutral defaults.
 */
export const DESKTOP_APP = {
  downloads: {
    macos: env.VITE_DOWNLOAD_MACOS_URL ?? 'https://downloads.example.com/desktop/macos',
    windows: env.VITE_DOWNLOAD_WINDOWS_URL ?? 'https://downloads.example.com/desktop/windows',
    linux: env.VITE_DOWNLOAD_LINUX_URL ?? 'https://downloads.example.com/desktop/linux',
  },
  linkTemplate:
    env.VITE_DESKTOP_LINK_TEMPLATE ??
    'devicesecurity://link-device?team={teamId}&invite={inviteId}&host={host}',
} as const satisfies {
  downloads: Record<DesktopPlatform, string>;
  linkTemplate: string;
};

/** Per platform: its tab label, what to download, and how to link once installed. */
export const DESKTOP_GUIDE: Readonly<
  Record<
    DesktopPlatform,
    {
      label: string;
      download: string;
      install: string;
      /** With a link that opens the desktop app. */
      link: string[];
      /** Without one (the server's invite answer has no invite id): paste the invite link. */
      linkByPaste: string[];
    }
  >
> = {
  macos: {
    label: 'macOS',
    download: 'Download for macOS',
    install:
      'Open the downloaded disk image and drag the app into your Applications folder, then start it.',
    link: [
      'Make sure the desktop app is running: its icon is in the menu bar.',
      'Click "Link this device" below. Your browser asks to open the desktop app: allow it.',
      'The app confirms the link and sends its first report.',
    ],
    linkByPaste: [
      'Make sure the desktop app is running: its icon is in the menu bar.',
      'Copy the link below. In the desktop app, choose to link this device to a team and paste it.',
      'The app confirms the link and sends its first report.',
    ],
  },
  windows: {
    label: 'Windows',
    download: 'Download for Windows',
    install: 'Run the downloaded installer and follow its steps. The app starts when it is done.',
    link: [
      'Make sure the desktop app is running: its icon is in the system tray.',
      'Click "Link this device" below. Your browser asks to open the desktop app: allow it.',
      'The app confirms the link and sends its first report.',
    ],
    linkByPaste: [
      'Make sure the desktop app is running: its icon is in the system tray.',
      'Copy the link below. In the desktop app, choose to link this device to a team and paste it.',
      'The app confirms the link and sends its first report.',
    ],
  },
  linux: {
    label: 'Linux',
    download: 'Download for Linux',
    install:
      "Install the downloaded package with your distribution's package manager, then start the app.",
    link: [
      'Make sure the desktop app is running.',
      'Click "Link this device" below. Your browser asks to open the desktop app: allow it.',
      'The app confirms the link and sends its first report.',
    ],
    linkByPaste: [
      'Make sure the desktop app is running.',
      'Copy the link below. In the desktop app, choose to link this device to a team and paste it.',
      'The app confirms the link and sends its first report.',
    ],
  },
};
