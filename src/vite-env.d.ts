/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_SENTRY_TUNNEL?: string;
  readonly VITE_SUPPORT_CHAT_URL?: string;
  readonly VITE_ANALYTICS_URL?: string;
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  readonly VITE_GOOGLE_PKCE?: string;
  readonly VITE_APPS_URL?: string;
  readonly VITE_DOCS_URL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_PRICING_URL?: string;
  readonly VITE_SIGNUP_URL?: string;
  readonly VITE_SUPPORT_URL?: string;
  readonly VITE_AVATAR_URL?: string;
  readonly VITE_ZAPIER_URL?: string;
  readonly VITE_SLACK_AUTHORIZE_URL?: string;
  readonly VITE_SLACK_CLIENT_ID?: string;
  readonly VITE_SLACK_SCOPE?: string;
  readonly VITE_DOWNLOAD_MACOS_URL?: string;
  readonly VITE_DOWNLOAD_WINDOWS_URL?: string;
  readonly VITE_DOWNLOAD_LINUX_URL?: string;
  readonly VITE_DESKTOP_LINK_TEMPLATE?: string;
  readonly VITE_PUBLIC_PAGE_URL?: string;
  readonly VITE_REQUEST_TIMEOUT_MS?: string;
  readonly VITE_QA_SCENARIOS?: string;
  readonly VITE_PADDLE_CLIENT_TOKEN?: string;
  readonly VITE_PADDLE_ENVIRONMENT?: string;
  readonly VITE_PRICE_ID_STARTER?: string;
  readonly VITE_PRICE_ID_TEAM?: string;
  readonly VITE_PRICE_ID_BUSINESS?: string;
  readonly VITE_PRICE_TEAM_PER_DEVICE?: string;
  readonly VITE_PRICE_BUSINESS_PER_DEVICE?: string;
  readonly VITE_PRICE_CURRENCY?: string;
  readonly VITE_STRICT_CONTRACT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
