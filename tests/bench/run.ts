// npm run bench: the app side by side with its floor (tests/bench-floor: a bare React + MUI sign-in
// form and a bare device table, built with the same Vite), in one run, and how the device list and
// the CSV export grow with the number of devices. A measuring script, not a test: it prints figures
// and asserts nothing. One module per measurement (BENCH_ONLY picks them, comma separated):
//   sizes       sizes.ts         gzip JS and CSS of each entry route's first paint, app vs floor
//   lighthouse  lighthouse.ts    Lighthouse on /login and signed in on /devices/{teamId}, vs floor
//   cls         layout-shift.ts  layout shift in the page, signed out and in, laptop and phone
//   firstrow    first-row.ts     time to the first device row, 0 and 100 ms added latency, with
//                                and without a 4x CPU slowdown
//   profile     first-row-profile.ts  where the first row's time goes: main-thread CPU samples by
//                                script, long tasks, app vs floor, with and without the slowdown
//   export      csv-export.ts    the CSV export at 100 to 50,000 devices
//   render      list-render.ts   the device list's render at 100 to 50,000 devices
// It builds dist/ (unless BENCH_NO_BUILD) and the floor first, starts Prism (:4011) and two static
// servers (:4175 app, :4176 floor) and stops them at the end.
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import { buildFloor, FLOOR_OUT_DIR } from '../../scripts/lib/floor';
import { DOC_PATH, REPO_ROOT, bin } from '../../scripts/lib/paths';
import {
  exitOnSignals,
  prismCommand,
  startProcess,
  stopAll,
  waitForUrl,
} from '../../scripts/lib/processes';
import { csvExports } from './csv-export';
import { APP_PORT, DIST, FLOOR_PORT, PRISM_PORT, runs, runsAny } from './config';
import { deviceListHandler } from './devices';
import { firstRow, firstRows } from './first-row';
import { firstRowProfiles } from './first-row-profile';
import { layoutShift } from './layout-shift';
import { lighthouseDevices, lighthouseLogin } from './lighthouse';
import { listRenders } from './list-render';
import { routeSizes } from './sizes';
import { startStaticServer } from './static-server';

async function main() {
  const t0 = performance.now();
  exitOnSignals();
  if (!process.env.BENCH_NO_BUILD) {
    console.log('bench: building the app (vite build) and the floor (same Vite)');
    // Hidden source maps (the same JS, no map comment): the profile (4b, 4c) finds the styling
    // runtime's frames by them.
    const build = spawnSync(
      bin('vite'),
      ['build', '--configLoader', 'runner', '--sourcemap', 'hidden', '--logLevel', 'warn'],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  await buildFloor();
  if (runs('sizes')) routeSizes();
  if (!runsAny(['lighthouse', 'cls', 'firstrow', 'profile', 'export', 'render'])) return;

  console.log(`bench: Prism on :${PRISM_PORT}, app on :${APP_PORT}, floor on :${FLOOR_PORT}`);
  const [node, args] = prismCommand(
    'mock',
    DOC_PATH,
    '--port',
    String(PRISM_PORT),
    '--host',
    '127.0.0.1',
  );
  startProcess(node, args, {
    onExit: (code, _signal, output) => console.error(`bench: Prism exited (${code})\n${output}`),
  });
  const app = await startStaticServer({
    root: DIST,
    port: APP_PORT,
    apiTarget: `http://127.0.0.1:${PRISM_PORT}`,
  });
  const floor = await startStaticServer({
    root: FLOOR_OUT_DIR,
    port: FLOOR_PORT,
    fallback: (pathname) => (pathname.startsWith('/devices/') ? 'devices.html' : 'index.html'),
  });
  // Both serve the same generated device pages for the first-row comparison.
  const firstRowDevices = deviceListHandler(1000);
  floor.state.api = firstRowDevices;
  await waitForUrl(`http://127.0.0.1:${PRISM_PORT}/teams`);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    if (runs('lighthouse')) {
      await lighthouseLogin(app, floor);
      app.state.api = firstRowDevices;
      await lighthouseDevices(app, floor);
      app.state.api = null;
    }
    if (runs('cls')) await layoutShift(browser, app);
    if (runs('firstrow')) {
      app.state.api = firstRowDevices;
      await firstRow(browser, app, 0); // warm-up: Prism answers its first requests slowly
      await firstRow(browser, floor, 0);
      await firstRows(browser, app, floor);
      app.state.api = null;
    }
    if (runs('profile')) {
      app.state.api = firstRowDevices;
      await firstRow(browser, app, 0); // warm-up, as above
      await firstRowProfiles(browser, app, floor);
      app.state.api = null;
    }
    if (runs('export')) await csvExports(browser, app);
    if (runs('render')) await listRenders(browser, app);
    console.log(`\nbench: done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await browser.close();
    await app.close();
    await floor.close();
    stopAll();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.stack : String(error)}`);
    stopAll();
    process.exit(1);
  },
);
