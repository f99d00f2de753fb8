// 1. The gzip JS and CSS each entry route's first paint loads (dist/.vite/route-chunks.json), and
//    the floor's (tests/bench-floor, built with the same Vite), with the ratio.
import { floorFiles, FLOOR_OUT_DIR } from '../../scripts/lib/floor';
import { readRouteReport } from '../../scripts/lib/route-preload/report';
import { gzipTotals, kB, routeFiles } from '../../scripts/lib/sizes';
import { DIST } from './config';
import { ratio, table } from './format';

export function routeSizes(): void {
  const report = readRouteReport(DIST);
  const floorLogin = gzipTotals(FLOOR_OUT_DIR, floorFiles(FLOOR_OUT_DIR, 'index.html'));
  const floorDevices = gzipTotals(FLOOR_OUT_DIR, floorFiles(FLOOR_OUT_DIR, 'devices.html'));
  const routes: [string, boolean, typeof floorLogin, string][] = [
    ['/login', false, floorLogin, 'sign-in form'],
    ['/devices/:teamId', true, floorDevices, 'device table'],
    ['/device/:deviceId', true, floorLogin, 'sign-in form'],
    ['/settings/:teamId', true, floorLogin, 'sign-in form'],
    ['/account', true, floorLogin, 'sign-in form'],
    ['/billing', true, floorLogin, 'sign-in form'],
  ];
  const rows = routes.map(([route, signedIn, floor, floorName]) => {
    const size = gzipTotals(DIST, routeFiles(report, route, signedIn));
    return [
      route,
      signedIn ? 'in' : 'out',
      size.files,
      kB(size.js),
      kB(size.css),
      `${floorName}: ${floor.files} files, ${kB(floor.js)}`,
      ratio(size.js, floor.js),
    ];
  });
  console.log("\n## 1. Gzip (-9) JS and CSS of each entry route's first paint, app vs floor\n");
  console.log(
    table(['route', 'signed', 'files', 'JS', 'CSS', 'floor (same Vite)', 'JS / floor'], rows),
  );
}
