// Types for scripts/lib/security-headers.mjs (vite.config.ts and the tests import it).
export interface ExtraOrigins {
  script?: string[];
  img?: string[];
  connect?: string[];
  frame?: string[];
}
export declare function contentSecurityPolicy(extraOrigins?: ExtraOrigins): string;
export declare function originsFromEnv(
  env?: Record<string, string | undefined>,
): Required<ExtraOrigins>;
export declare function securityHeaders(
  env?: Record<string, string | undefined>,
): Record<string, string>;
export declare const ASSET_PREFIX: string;
export declare const ASSET_CACHE_CONTROL: string;
export declare const DOCUMENT_CACHE_CONTROL: string;
export declare function nginxConfig(env?: Record<string, string | undefined>): string;
