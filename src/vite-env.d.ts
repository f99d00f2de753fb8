/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_SENTRY_TUNNEL?: string;
  readonly VITE_SUPPORT_CHAT_URL?: string;
  readonly VITE_ANALYTICS_URL?: string;
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  readonly VITE_APPS_URL?: string;
  readonly VITE_DOCS_URL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_PRICING_URL?: string;
  readonly VITE_SIGNUP_URL?: string;
  readonly VITE_SUPPORT_URL?: string;
  readonly VITE_AVATAR_URL?: string;
  readonly VITE_REQUEST_TIMEOUT_MS?: string;
  readonly VITE_QA_SCENARIOS?: string;
  readonly VITE_STRICT_CONTRACT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
