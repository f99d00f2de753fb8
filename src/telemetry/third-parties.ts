import type { Session } from '../session/session';
import { createHeartbeat } from './heartbeat';
import type { Heartbeat } from './heartbeat';

/**
 * Support chat and product analytics run for regular users only: a session token and
 * no admin token (never while impersonating). Their scripts cannot load on our machines;
 * every step here fails quietly.
 */
export function thirdPartiesAllowed(session: Pick<Session, 'token' | 'adminToken'>): boolean {
  return session.token !== null && session.adminToken === null;
}

export interface Identity {
  id: string;
  email: string;
  signature: string;
}

export interface ThirdPartyDriver {
  load(url: string): Promise<void>;
  identifyChat(email: string, signature: string): void;
  identifyAnalytics(id: string): void;
  resetChat(): void;
  resetAnalytics(): void;
  /** One tick of the analytics visit-count heartbeat (SPEC §9). */
  heartbeat?(): void;
}

interface ThirdPartyState {
  running: boolean;
  identifiedAs: string | null;
}

function loadScript(url: string): Promise<void> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => resolve(); // blocked or offline: carry on without it
    document.head.appendChild(script);
  });
}

type Globals = {
  $crisp?: { push?: (args: unknown[]) => void };
  analytics?: {
    identify?: (id: string) => void;
    reset?: () => void;
    track?: (event: string) => void;
  };
};
const globals = () => window as unknown as Globals;

const browserDriver: ThirdPartyDriver = {
  load: loadScript,
  identifyChat: (email, signature) =>
    globals().$crisp?.push?.(['set', 'user:email', [email, signature]]),
  identifyAnalytics: (id) => globals().analytics?.identify?.(id),
  resetChat: () => globals().$crisp?.push?.(['do', 'session:reset']),
  resetAnalytics: () => globals().analytics?.reset?.(),
  heartbeat: () => globals().analytics?.track?.('Visit heartbeat'),
};

export function createThirdParties(
  driver: ThirdPartyDriver,
  urls: { chat?: string; analytics?: string },
  /** The visit heartbeat: runs with the third parties, reset when they stop. */
  heartbeat?: Heartbeat,
) {
  const state: ThirdPartyState = { running: false, identifiedAs: null };
  const safe = (fn: () => void) => {
    try {
      fn();
    } catch {
      // a broken third-party script must not break the console
    }
  };

  return {
    state,
    /** Bring the third parties in line with the session (called on every session change). */
    async sync(session: Pick<Session, 'token' | 'adminToken'>, identity: Identity | null) {
      if (!thirdPartiesAllowed(session)) {
        heartbeat?.reset();
        if (state.running || state.identifiedAs) {
          safe(driver.resetChat);
          safe(driver.resetAnalytics);
        }
        state.running = false;
        state.identifiedAs = null;
        return;
      }
      if (!state.running) {
        state.running = true;
        await Promise.all(
          [urls.chat, urls.analytics].filter((u): u is string => !!u).map((u) => driver.load(u)),
        ).catch(() => {});
      }
      if (identity && state.identifiedAs !== identity.id) {
        safe(() => driver.identifyChat(identity.email, identity.signature));
        safe(() => driver.identifyAnalytics(identity.id));
        state.identifiedAs = identity.id;
      }
      // Session may have changed while the scripts loaded: tick only for a still-allowed visit.
      if (state.running) heartbeat?.start();
    },
  };
}

const analyticsUrl = import.meta.env.VITE_ANALYTICS_URL;
export const thirdParties = createThirdParties(
  browserDriver,
  { chat: import.meta.env.VITE_SUPPORT_CHAT_URL, analytics: analyticsUrl },
  analyticsUrl ? createHeartbeat(() => browserDriver.heartbeat?.()) : undefined,
);
