// Lighthouse (12.8.2: the last release that runs on Node 20) against Debian's Chromium, started by
// chrome-launcher with the same flags as the e2e runs. Mobile, simulated throttling (Lighthouse's
// defaults), performance category only; the browser's storage is reset before every run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

/** The figures of one Lighthouse run the bench reports. */
export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  scriptBytes: number;
  scriptRequests: number;
  lcpElement: string | null;
  shifts: { score: unknown; node: string | null }[];
}

export async function launchChromeForLighthouse(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
}

/** One Lighthouse run of `url`; the figures the bench reports. */
export async function lighthouseRun(
  url: string,
  port: number,
  { keepStorage = false }: { keepStorage?: boolean } = {},
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // A signed-in run: the caller cleared the cache and stored the session itself.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  /** An audit's table rows (Lighthouse types them loosely per audit). */
  const items = (id: string): Record<string, unknown>[] =>
    (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const scripts = items('resource-summary').find((item) => item.resourceType === 'script') as
    { transferSize?: number; requestCount?: number } | undefined;
  const snippet = (node: unknown) => (node as { snippet?: string } | undefined)?.snippet ?? null;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    scriptBytes: scripts?.transferSize ?? Number.NaN,
    scriptRequests: scripts?.requestCount ?? Number.NaN,
    lcpElement: snippet(
      (items('largest-contentful-paint-element')[0]?.items as { node?: unknown }[] | undefined)?.[0]
        ?.node,
    ),
    shifts: items('layout-shifts').map((item) => ({ score: item.score, node: snippet(item.node) })),
  };
}
