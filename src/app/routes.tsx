import type { ComponentType } from 'react';
import { LoginPage as SignInPage } from '../features/auth/login-page';
import type { PageProps } from '../ui/page-props';
import { lazyComponent, loadedComponent } from './lazy-component';
import type { Preloadable } from './lazy-component';
import type { RoutePattern } from './route-match';

export type { PageProps };

/** A lazily loaded page whose chunk can be fetched ahead of rendering. */
export type LazyPage = Preloadable<PageProps>;

export interface AppRoute extends RoutePattern {
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
  page: LazyPage;
}

/**
 * Each page is its own lazily loaded chunk. Keep the form `page(() => import('…'), 'Name')` (or
 * `loadedPage(ImportedComponent)`): the build reads this file (scripts/lib/route-chunks.mjs) to
 * know which chunks each route preloads.
 */
function page<M>(load: () => Promise<M>, name: keyof M): LazyPage {
  return lazyComponent(load, (module) => module[name] as ComponentType<PageProps>);
}

/** A page that is part of the entry chunk. */
function loadedPage(component: ComponentType<PageProps>): LazyPage {
  return loadedComponent(component);
}

// The sign-in page is part of the entry chunk: it is the first screen of every signed-out visit
// (every private address shows it), so its first paint waits for no other chunk. The signed-in
// pages pay about 2 kB for it (the input parts it uses are theirs too: the team switcher's).
const LoginPage = loadedPage(SignInPage);
const LogoutPage = page(() => import('../features/auth/logout-page'), 'LogoutPage');
const GoogleCallbackPage = page(
  () => import('../features/auth/google-callback-page'),
  'GoogleCallbackPage',
);
const MaintenancePage = page(
  () => import('../features/system/maintenance-page'),
  'MaintenancePage',
);
const RootRedirectPage = page(
  () => import('../features/home/root-redirect-page'),
  'RootRedirectPage',
);
const OverviewPage = page(() => import('../features/overview/overview-page'), 'OverviewPage');
const DeviceListPage = page(() => import('../features/devices/device-list-page'), 'DeviceListPage');
const DevicePage = page(() => import('../features/device/device-page'), 'DevicePage');
const RenameDevicePage = page(
  () => import('../features/device/rename-device-page'),
  'RenameDevicePage',
);
const MoveDevicePage = page(() => import('../features/device/move-device-page'), 'MoveDevicePage');
const PublicPagePage = page(() => import('../features/device/public-page-page'), 'PublicPagePage');

const TeamSettingsPage = page(
  () => import('../features/settings/team-settings-page'),
  'TeamSettingsPage',
);
const CheckSettingsPage = page(
  () => import('../features/settings/check-settings-page'),
  'CheckSettingsPage',
);
const ImpersonatePage = page(
  () => import('../features/impersonation/impersonate-page'),
  'ImpersonatePage',
);
const AccountPage = page(() => import('../features/account/account-page'), 'AccountPage');
const SlackConnectPage = page(
  () => import('../features/account/slack-connect-page'),
  'SlackConnectPage',
);
const TwoFactorPage = page(
  () => import('../features/credentials/two-factor-page'),
  'TwoFactorPage',
);
const ForgotPasswordPage = page(
  () => import('../features/credentials/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/credentials/reset-password-page'),
  'ResetPasswordPage',
);
const ChangePasswordPage = page(
  () => import('../features/credentials/change-password-page'),
  'ChangePasswordPage',
);
const EmailChangePage = page(
  () => import('../features/credentials/email-change-page'),
  'EmailChangePage',
);
const EmailVerifyPage = page(
  () => import('../features/credentials/email-verify-page'),
  'EmailVerifyPage',
);
const SnoozePage = page(() => import('../features/snooze/snooze-page'), 'SnoozePage');
const BillingPage = page(() => import('../features/billing/billing-page'), 'BillingPage');
const JoinTeamPage = page(() => import('../features/join/join-team-page'), 'JoinTeamPage');
const WelcomePage = page(() => import('../features/onboarding/welcome-page'), 'WelcomePage');

export const NotFoundPage = page(() => import('../features/system/not-found-page'), 'NotFoundPage');
export const LoginScreen = LoginPage;

const uuid = (...names: string[]) => names;

/** SPEC §2, one row per route. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    title: 'Home',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    page: RootRedirectPage,
  },
  {
    path: '/overview/:teamId',
    uuidParams: uuid('teamId'),
    title: 'Overview',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    requiresPassword: true,
    page: OverviewPage,
  },
  {
    path: '/devices/:teamId',
    uuidParams: uuid('teamId'),
    title: 'Devices - Page 1',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    requiresPassword: true,
    page: DeviceListPage,
  },
  {
    path: '/device/:deviceId',
    uuidParams: uuid('deviceId'),
    title: 'Device Details',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: DevicePage,
  },
  {
    path: '/device/:deviceId/rename',
    uuidParams: uuid('deviceId'),
    title: 'Rename Device',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: RenameDevicePage,
  },
  {
    path: '/device/:deviceId/move',
    uuidParams: uuid('deviceId'),
    title: 'Move device',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: MoveDevicePage,
  },
  {
    path: '/device/:deviceId/public',
    uuidParams: uuid('deviceId'),
    title: 'Public Page',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: PublicPagePage,
  },
  {
    path: '/settings/:teamId',
    uuidParams: uuid('teamId'),
    title: 'Team Settings',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    requiresPassword: true,
    page: TeamSettingsPage,
  },
  {
    path: '/settings/:teamId/check/:checkId',
    uuidParams: uuid('teamId', 'checkId'),
    title: 'Check Settings',
    access: 'private',
    layout: 'shell',
    teamScoped: true,
    requiresPassword: true,
    page: CheckSettingsPage,
  },
  { path: '/login', title: 'Login', access: 'public', layout: 'bare', page: LoginPage },
  { path: '/logout', title: 'Log Out', access: 'public', layout: 'bare', page: LogoutPage },
  {
    path: '/impersonate',
    title: 'Impersonate',
    access: 'private',
    layout: 'shell',
    page: ImpersonatePage,
  },
  { path: '/account', title: 'My Account', access: 'private', layout: 'shell', page: AccountPage },
  {
    path: '/account/authentication',
    title: 'Two-Factor Authentication',
    access: 'private',
    layout: 'shell',
    page: TwoFactorPage,
  },
  {
    path: '/snooze/:teamId/:inviteId',
    uuidParams: uuid('teamId', 'inviteId'),
    title: 'Snooze Reminders',
    access: 'public',
    layout: 'bare',
    page: SnoozePage,
  },
  {
    path: '/password/reset',
    title: 'Forgot Password',
    access: 'public',
    layout: 'bare',
    page: ForgotPasswordPage,
  },
  {
    path: '/password/change/:userId/:resetToken',
    uuidParams: uuid('userId'),
    title: 'Set New Password',
    access: 'public',
    layout: 'bare',
    page: ResetPasswordPage,
  },
  {
    // The reset link once its token was read: the page replaces the history entry with this
    // address, holding the token in memory only (a reload asks for the link again).
    path: '/password/change/:userId',
    uuidParams: uuid('userId'),
    title: 'Set New Password',
    access: 'public',
    layout: 'bare',
    page: ResetPasswordPage,
  },
  {
    path: '/password/change',
    title: 'Change Password',
    access: 'private',
    layout: 'shell',
    page: ChangePasswordPage,
  },
  {
    path: '/email/change',
    title: 'Change Email',
    access: 'private',
    layout: 'shell',
    page: EmailChangePage,
  },
  {
    path: '/email/verify',
    title: 'Verify Email',
    access: 'public',
    layout: 'bare',
    page: EmailVerifyPage,
  },
  {
    path: '/maintenance',
    title: 'Offline for Maintenance',
    access: 'public',
    layout: 'bare',
    page: MaintenancePage,
  },
  {
    path: '/billing',
    title: 'Billing',
    access: 'private',
    layout: 'shell',
    requiresPassword: true,
    page: BillingPage,
  },
  {
    path: '/slack/connect',
    title: 'Connecting Slack',
    access: 'private',
    layout: 'shell',
    page: SlackConnectPage,
  },
  {
    path: '/oauth/google',
    title: 'Connecting',
    access: 'public',
    layout: 'bare',
    page: GoogleCallbackPage,
  },
  {
    path: '/team/join/:teamId',
    uuidParams: uuid('teamId'),
    title: 'Join Team',
    access: 'public',
    layout: 'bare',
    page: JoinTeamPage,
  },
  { path: '/welcome', title: 'Welcome', access: 'private', layout: 'shell', page: WelcomePage },
];
