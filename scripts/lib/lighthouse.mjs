// Lighthouse (12.8.2: the last release that runs on Node 20) against Debian's Chromium, started by
// chrome-launcher with the same flags as the e2e runs. Mobile, simulated throttling (Lighthouse's
// defaults), performance category only; the browser's storage is reset before every run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

export async function launchChromeForLighthouse() {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
}

/** One Lighthouse run of `url`; the figures the bench reports. */
export async function lighthouseRun(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  );
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    scriptBytes: scripts?.transferSize ?? Number.NaN,
    scriptRequests: scripts?.requestCount ?? Number.NaN,
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
        ?.snippet ?? null,
    shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: item.score,
      node: item.node?.snippet ?? null,
    })),
  };
}
