// The response headers a production host must send, written ONCE. `vite preview` applies them
// (vite.config.ts), so every e2e test runs under them, and `nginxConfig()` renders the same policy
// as a ready configuration for a static server (README "Deployment: security headers").

/**
 * Content-Security-Policy of this build. Decisions:
 * - scripts: only our own files ('self'); no inline script, no eval.
 * - styles: 'unsafe-inline' — MUI's Emotion inserts <style> elements at runtime. A nonce would need
 *   the server to rewrite index.html per response, which a static host cannot do; an injected
 *   style cannot run script, and React renders no markup from data.
 * - connections: same origin only (the API at /api/v1 and the error-reporting tunnel).
 * - no framing by anyone, no plugins, no <base> rewriting, forms post to us only.
 * Third parties (avatar service, support chat, analytics, payment provider, Sentry without a
 * tunnel) add their origins through `extraOrigins`, built from the same VITE_* settings.
 */
export interface ExtraOrigins {
  script?: string[];
  img?: string[];
  connect?: string[];
  frame?: string[];
}

/** The build's VITE_* settings (Vite's loadEnv, or process.env). */
export type BuildEnv = Record<string, string | undefined>;

export function contentSecurityPolicy(extraOrigins: ExtraOrigins = {}): string {
  const add = (list: string[], more: string[] = []) => [
    ...list,
    ...more.filter((origin) => !list.includes(origin)),
  ];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': add(["'self'"], extraOrigins.script),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': add(["'self'", 'data:'], extraOrigins.img),
    'font-src': ["'self'"],
    'connect-src': add(["'self'"], extraOrigins.connect),
    'frame-src': extraOrigins.frame?.length ? extraOrigins.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

function originOf(url: string): string | null {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  return parsed?.protocol === 'https:' || parsed?.protocol === 'http:' ? parsed.origin : null;
}

/** Extra CSP origins from the build's VITE_* settings (the defaults: the avatar service only). */
export function originsFromEnv(env: BuildEnv = {}): Required<ExtraOrigins> {
  const avatar = originOf(env.VITE_AVATAR_URL ?? 'https://www.gravatar.com/avatar/');
  const chat = originOf(env.VITE_SUPPORT_CHAT_URL ?? '');
  const analytics = originOf(env.VITE_ANALYTICS_URL ?? '');
  const sentry =
    env.VITE_SENTRY_DSN && !env.VITE_SENTRY_TUNNEL ? originOf(env.VITE_SENTRY_DSN) : null;
  // The payment provider (billing page only, and only with a client token): its script from the
  // CDN, its API, and the checkout overlay's frames (sandbox and production).
  const paddle = env.VITE_PADDLE_CLIENT_TOKEN
    ? {
        script: 'https://cdn.paddle.com',
        connect: 'https://*.paddle.com',
        frames: ['https://buy.paddle.com', 'https://sandbox-buy.paddle.com'],
      }
    : null;
  const present = (...list: (string | null | undefined)[]) =>
    list.filter((origin): origin is string => Boolean(origin));
  return {
    img: present(avatar, chat, analytics),
    script: present(chat, analytics, paddle?.script),
    connect: present(chat, analytics, sentry, paddle?.connect),
    frame: present(chat, ...(paddle?.frames ?? [])),
  };
}

/** Sent with every answer (documents, assets, errors). */
export function securityHeaders(env: BuildEnv = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(originsFromEnv(env)),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** Hashed build output: the name changes with the content, so it may be kept for a year. */
export const ASSET_PREFIX = '/assets/';
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html and every app route: always revalidated, so a deploy is picked up at once. */
export const DOCUMENT_CACHE_CONTROL = 'no-cache';

/** A ready nginx configuration with the same policy (README). */
export function nginxConfig(env: BuildEnv = {}): string {
  const headers = Object.entries(securityHeaders(env))
    .map(([name, value]) => `add_header ${name} "${value}" always;`)
    .join('\n');
  return `# /etc/nginx/snippets/console-security-headers.conf
${headers}

# /etc/nginx/sites-enabled/console.conf
server {
    listen 443 ssl http2;
    server_name console.example.com;
    # ssl_certificate / ssl_certificate_key: your certificate
    root /srv/console/dist;

    # Hashed assets: cached for a year; a missing one is a real 404, never index.html.
    location ${ASSET_PREFIX} {
        include snippets/console-security-headers.conf;
        # Not "always": a 404 (an asset not uploaded yet during a deploy) must not be kept a year.
        add_header Cache-Control "${ASSET_CACHE_CONTROL}";
        try_files $uri =404;
    }

    # The API, same origin (the openapi-hash header stays readable).
    location /api/v1/ {
        proxy_pass http://127.0.0.1:8080/api/v1/;
    }

    # The app: every route is index.html, always revalidated.
    location / {
        include snippets/console-security-headers.conf;
        add_header Cache-Control "${DOCUMENT_CACHE_CONTROL}" always;
        try_files $uri /index.html;
    }
}

server {
    listen 80;
    server_name console.example.com;
    return 301 https://$host$request_uri;
}
`;
}
