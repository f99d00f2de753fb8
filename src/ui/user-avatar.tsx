import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CSSProperties } from 'react';
import { avatarColour, avatarUrl, initialsOf } from '../lib/avatar';
import styles from './user-avatar.module.css';

/**
 * Whether the avatar service answers, for the life of the page. The first avatar shown asks the
 * service once ("probing"); the others show their initials until it answered. After the first
 * failure no avatar asks again until the page is reloaded: one failed request per page, not one
 * per avatar.
 */
type ServiceState = 'unknown' | 'probing' | 'up' | 'down';
let service: ServiceState = 'unknown';
const listeners = new Set<() => void>();

function setService(next: ServiceState) {
  if (service === next || service === 'down') return;
  service = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function probe(url: string) {
  if (service !== 'unknown' || typeof Image === 'undefined') return;
  service = 'probing';
  const image = new Image();
  image.referrerPolicy = 'no-referrer';
  image.onload = () => setService('up');
  image.onerror = () => setService('down');
  image.src = url;
}

const markDown = () => setService('down');

/** The addresses computed so far (the hash is asynchronous): a second avatar of a person shows at once. */
const urls = new Map<string, string>();

/** The avatar service's address for `email` at `size`, once its hash is known. */
function useAvatarUrl(email: string, size: number): string | null {
  const key = `${size} ${email}`;
  const [url, setUrl] = useState<{ key: string; url: string } | null>(null);
  useEffect(() => {
    if (urls.has(key)) return;
    let live = true;
    void avatarUrl(email, size).then((found) => {
      urls.set(key, found);
      if (live) setUrl({ key, url: found });
    });
    return () => {
      live = false;
    };
  }, [email, size, key]);
  return urls.get(key) ?? (url?.key === key ? url.url : null);
}

/**
 * A person's avatar: the avatar service's picture when the service answers, otherwise their
 * initials on a colour derived from the email (always at least 4.5:1 against the white text).
 * Decorative: the email or a label is always next to it.
 */
export function UserAvatar({ email, size = 32 }: { email: string; size?: number }) {
  const url = useAvatarUrl(email, size * 2);
  const state = useSyncExternalStore(subscribe, () => service);
  useEffect(() => {
    if (url) probe(url);
  }, [url]);
  const initials = initialsOf(email);
  return (
    <span
      aria-hidden
      data-testid="user-avatar"
      className={styles.avatar}
      style={
        {
          width: size,
          height: size,
          '--avatar-font-size': `${size * (initials.length > 1 ? 0.4 : 0.48)}px`,
          backgroundColor: avatarColour(email),
        } as CSSProperties
      }
    >
      {initials}
      {state === 'up' && url ? (
        <img
          className={styles.picture}
          src={url}
          alt=""
          referrerPolicy="no-referrer"
          loading="lazy"
          onError={markDown}
        />
      ) : null}
    </span>
  );
}
