import type { RoutePattern } from './route-match';

// The route table (SPEC §2) as data: no React and no imports at run time, so the build reads the
// same rows as the app. routes.tsx turns each page reference into a lazily loaded component;
// vite.config.ts hands the table to the route-preload step (scripts/lib/route-preload/), which
// preloads each route's chunks next to the entry chunk.

/** A page: its module under src/ (no extension) and the name it is exported under. */
export interface PageRef {
  readonly module: string;
  readonly export: string;
}

export interface RouteEntry extends RoutePattern {
  /** Default page title; a screen may name itself more precisely (e.g. "Devices - Page 2"). */
  title: string;
  /** public: reachable signed out. private: signed-out users see the login screen instead. */
  access: 'public' | 'private';
  /** shell: top navigation, footer, team data. bare: a centred card without the shell. */
  layout: 'shell' | 'bare';
  /** The page needs the user's teams (no-team screens apply). */
  teamScoped?: boolean;
  /** Users without a password get the blocking "Password Required" modal here. */
  requiresPassword?: boolean;
  page: PageRef;
  /**
   * The request the page makes first (GET, signed in): the build's route-preload script starts it
   * with the stored token before the app's code has arrived, and the app adopts the answer
   * (src/app/first-request.ts). Its response validator is preloaded with the route's chunks.
   */
  firstRequest?: FirstRequest;
}

/** A page's first request: a GET of the contract whose path parameters are the route's. */
interface FirstRequest {
  /** The contract's path, e.g. '/team/{teamId}/devices' */
  path: string;
  /** deviceList: the device list's page, size, sort and search, read from the address */
  query?: 'deviceList';
}

const page = (module: string, name: string): PageRef => ({ module, export: name });

/**
 * The sign-in page, part of the entry chunk: it is the first screen of every signed-out visit
 * (every private address shows it), so its first paint waits for no other chunk.
 */
export const LOGIN_PAGE = page('features/auth/login-page', 'LoginPage');
/** What a signed-in user sees at an address no route matches. */
export const NOT_FOUND_PAGE = page('features/system/not-found-page', 'NotFoundPage');
/** The signed-in frame (top navigation, footer, team data): its own chunk. */
export const SHELL = page('app/app-shell', 'AppShell');
/**
 * What the shell asks for on every signed-in screen (src/api/current-user.ts's prefetchSessionData):
 * the build preloads these answers' validators with each signed-in route's chunks.
 */
export const SHELL_REQUESTS: readonly string[] = ['/user', '/teams'];

/** SPEC §2, one row per route; the first match wins. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  {
    path: '/',
    title: 'Home',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    page: page('features/home/root-redirect-page', 'RootRedirectPage'),
  },
  {
    path: '/overview/:teamId',
    uuidParams: ['teamId'],
    title: 'Overview',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    requiresPassword: true,
    page: page('features/overview/overview-page', 'OverviewPage'),
    firstRequest: { path: '/team/{teamId}/overview' },
  },
  {
    path: '/devices/:teamId',
    uuidParams: ['teamId'],
    title: 'Devices - Page 1',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    requiresPassword: true,
    page: page('features/devices/device-list-page', 'DeviceListPage'),
    firstRequest: { path: '/team/{teamId}/devices', query: 'deviceList' },
  },
  {
    path: '/device/:deviceId',
    uuidParams: ['deviceId'],
    title: 'Device Details',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: page('features/device/device-page', 'DevicePage'),
    firstRequest: { path: '/device/{deviceId}' },
  },
  {
    path: '/device/:deviceId/rename',
    uuidParams: ['deviceId'],
    title: 'Rename Device',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: page('features/device/rename-device-page', 'RenameDevicePage'),
  },
  {
    path: '/device/:deviceId/move',
    uuidParams: ['deviceId'],
    title: 'Move device',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: page('features/device/move-device-page', 'MoveDevicePage'),
  },
  {
    path: '/device/:deviceId/public',
    uuidParams: ['deviceId'],
    title: 'Public Page',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: page('features/device/public-page-page', 'PublicPagePage'),
  },
  {
    path: '/settings/:teamId',
    uuidParams: ['teamId'],
    title: 'Team Settings',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    requiresPassword: true,
    page: page('features/settings/team-settings-page', 'TeamSettingsPage'),
  },
  {
    path: '/settings/:teamId/check/:checkId',
    uuidParams: ['teamId', 'checkId'],
    title: 'Check Settings',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    requiresPassword: true,
    page: page('features/settings/check-settings-page', 'CheckSettingsPage'),
  },
  { path: '/login', title: 'Login', access: 'public', layout: 'bare', page: LOGIN_PAGE },
  {
    path: '/logout',
    title: 'Log Out',
    access: 'public',
    layout: 'bare',
    page: page('features/auth/logout-page', 'LogoutPage'),
  },
  {
    path: '/impersonate',
    title: 'Impersonate',
    access: 'private',
    layout: 'shell',
    page: page('features/impersonation/impersonate-page', 'ImpersonatePage'),
  },
  {
    path: '/account',
    title: 'My Account',
    access: 'private',
    layout: 'shell',
    page: page('features/account/account-page', 'AccountPage'),
  },
  {
    path: '/activity',
    title: 'Activity',
    access: 'private',
    layout: 'shell',
    page: page('features/activity/activity-page', 'ActivityPage'),
  },
  {
    path: '/account/authentication',
    title: 'Two-Factor Authentication',
    access: 'private',
    layout: 'shell',
    page: page('features/credentials/two-factor-page', 'TwoFactorPage'),
  },
  {
    path: '/snooze/:teamId/:inviteId',
    uuidParams: ['teamId', 'inviteId'],
    title: 'Snooze Reminders',
    access: 'public',
    layout: 'bare',
    page: page('features/snooze/snooze-page', 'SnoozePage'),
  },
  {
    path: '/password/reset',
    title: 'Forgot Password',
    access: 'public',
    layout: 'bare',
    page: page('features/credentials/forgot-password-page', 'ForgotPasswordPage'),
  },
  {
    path: '/password/change/:userId/:resetToken',
    uuidParams: ['userId'],
    title: 'Set New Password',
    access: 'public',
    layout: 'bare',
    page: page('features/credentials/reset-password-page', 'ResetPasswordPage'),
  },
  {
    // The reset link once its token was read: the page replaces the history entry with this
    // address, holding the token in memory only (a reload asks for the link again).
    path: '/password/change/:userId',
    uuidParams: ['userId'],
    title: 'Set New Password',
    access: 'public',
    layout: 'bare',
    page: page('features/credentials/reset-password-page', 'ResetPasswordPage'),
  },
  {
    path: '/password/change',
    title: 'Change Password',
    access: 'private',
    layout: 'shell',
    page: page('features/credentials/change-password-page', 'ChangePasswordPage'),
  },
  {
    path: '/email/change',
    title: 'Change Email',
    access: 'private',
    layout: 'shell',
    page: page('features/credentials/email-change-page', 'EmailChangePage'),
  },
  {
    path: '/email/verify',
    title: 'Verify Email',
    access: 'public',
    layout: 'bare',
    page: page('features/credentials/email-verify-page', 'EmailVerifyPage'),
  },
  {
    path: '/maintenance',
    title: 'Offline for Maintenance',
    access: 'public',
    layout: 'bare',
    page: page('features/system/maintenance-page', 'MaintenancePage'),
  },
  {
    path: '/billing',
    title: 'Billing',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: page('features/billing/billing-page', 'BillingPage'),
  },
  {
    path: '/slack/connect',
    title: 'Connecting Slack',
    access: 'private',
    layout: 'shell',
    page: page('features/account/slack-connect-page', 'SlackConnectPage'),
  },
  {
    path: '/oauth/google',
    title: 'Connecting',
    access: 'public',
    layout: 'bare',
    page: page('features/auth/google-callback-page', 'GoogleCallbackPage'),
  },
  {
    path: '/team/join/:teamId',
    uuidParams: ['teamId'],
    title: 'Join Team',
    access: 'public',
    layout: 'bare',
    page: page('features/join/join-team-page', 'JoinTeamPage'),
  },
  {
    path: '/welcome',
    title: 'Welcome',
    access: 'private',
    layout: 'shell',
    page: page('features/onboarding/welcome-page', 'WelcomePage'),
  },
];

/** What an address shows: a page (framed by the shell or not), or a redirect. */
export type ScreenChoice =
  | { kind: 'page'; page: PageRef; title: string; routeKey: string; shell: boolean }
  | { kind: 'redirect'; to: string };

/**
 * The one decision of what a route (null: no route matched) shows, signed in or out: the app
 * renders it (app.tsx) and the build preloads its chunks (scripts/lib/route-preload/).
 */
export function chooseScreen(route: RouteEntry | null, signedIn: boolean): ScreenChoice {
  // Signed out, every unknown route shows the login screen; signed in, the 404 page.
  if (!route) {
    return signedIn
      ? { kind: 'page', page: NOT_FOUND_PAGE, title: 'Page not found', routeKey: '*', shell: true }
      : { kind: 'page', page: LOGIN_PAGE, title: 'Login', routeKey: 'login-screen', shell: false };
  }
  if (signedIn && route.path === '/login') return { kind: 'redirect', to: '/' };
  if (route.access === 'private' && !signedIn) {
    return {
      kind: 'page',
      page: LOGIN_PAGE,
      title: 'Login',
      routeKey: 'login-screen',
      shell: false,
    };
  }
  return {
    kind: 'page',
    page: route.page,
    title: route.title,
    routeKey: route.path,
    shell: signedIn && route.layout === 'shell' && route.access === 'private',
  };
}
