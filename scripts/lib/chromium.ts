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
 */
export const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--process-per-site',
  '--disable-site-isolation-trials',
  '--in-process-gpu',
];
