/** Business constants from SPEC §9, in one place. */
export const PRODUCT_NAME = 'Device Security Console';
export const TITLE_SUFFIX = ` | ${PRODUCT_NAME}`;

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

export const DEVICE_SORT_COLUMNS = [
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
] as const;
export type DeviceSortColumn = (typeof DEVICE_SORT_COLUMNS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

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
  /** Devices' public pages live under this address: {publicPage}{slug}. */
  publicPage: env.VITE_PUBLIC_PAGE_URL ?? 'https://public.example.com/',
} as const;
