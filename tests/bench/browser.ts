// The bench's pages in Chromium: a fresh context per measurement (empty cache), signed in by
// seeding the stored session as the e2e fixtures do, with the layout shifts and the first device
// row's time recorded in the page.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { SESSION_KEY } from './config';

/** What the init script records in the page. */
export interface PageMarks {
  __shifts: { value: number; at: number; sources: string[] }[];
  __firstRow?: number;
  __allRows?: number;
  __rowsWanted?: number;
}

/** A layout-shift entry (not in TypeScript's DOM types). */
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources?: { node?: Node | null }[];
}

/**
 * A browser context whose pages can run the bench's functions. The scripts run under tsx, whose
 * esbuild transform (keepNames) wraps named inner functions in `__name(...)`; Playwright sends a
 * function's source to the page, where `__name` is defined by this init script.
 */
export async function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  return context;
}

export async function newPage(
  browser: Browser,
  {
    signedIn,
    viewport = { width: 1280, height: 800 },
  }: { signedIn: boolean; viewport?: { width: number; height: number } },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport, acceptDownloads: true });
  if (signedIn) {
    const session = {
      token: 'bench-session-token',
      adminToken: null,
      activeTeamId: null,
      deviceOrderBy: 'deviceName',
      deviceOrderDirection: 'asc',
    };
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      SESSION_KEY,
      JSON.stringify(session),
    ] as const);
  }
  // Layout shifts (as CLS counts them: not right after input) and the first device row's time.
  await context.addInitScript(() => {
    const page = window as unknown as PageMarks;
    page.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        page.__shifts.push({
          value: entry.value,
          at: entry.startTime,
          sources: (entry.sources ?? []).map((s) => {
            const node = s.node;
            if (!node || node.nodeType !== 1) return node?.nodeName ?? '?';
            const element = node as Element;
            const testId = element.getAttribute('data-testid');
            const className = typeof element.className === 'string' ? element.className : '';
            return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${className ? `.${className.split(' ')[0]}` : ''}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const seen = () => {
      const rows = document.querySelectorAll('[data-testid="device-row"]').length;
      if (rows > 0 && page.__firstRow === undefined) page.__firstRow = performance.now();
      if (page.__rowsWanted && rows >= page.__rowsWanted && page.__allRows === undefined)
        page.__allRows = performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  return { context, page };
}

/** The network idle, then a second for late layout work. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
}
