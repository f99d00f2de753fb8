// Debian's Chromium and the flags it needs on our closed-network, root-run machines.
// One place for the e2e config and the bench script.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * For the browser tests only (both Playwright configs), never the bench: one renderer process for
 * the test site instead of a new one per test (site isolation off, one process per site), and the
 * GPU process's software compositing inside the browser process. Measured here with a worker's
 * shared context, 16 signed-in loads of the device list: about a fifth less CPU a load. Tests never
 * exercise site isolation: the app under test is one site and third-party frames cannot load here.
 *
 * And no optimising JavaScript compilers (V8's Maglev and TurboFan; the interpreter and Sparkplug
 * stay): a test loads a page, clicks a few times and moves on, so code rarely runs long enough to
 * repay optimising it, and the compile runs on the renderer's background threads. Measured on the
 * device-list, account and team-settings specs (20 tests, Chromium's threads summed from /proc):
 * the renderer's background threads 35 → 15 CPU-s, all of Chromium 123–125 → 103–113 CPU-s, the
 * same main-thread time. The bench keeps them: it measures what a person's browser does.
 */
export const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--process-per-site',
  '--disable-site-isolation-trials',
  '--in-process-gpu',
  '--js-flags=--no-opt --no-maglev',
];
