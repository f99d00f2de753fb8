// npm run contract:usage: writes openapi/CONSOLE-USAGE.md, the operations the console calls and the
// response fields it reads (scripts/lib/console-usage.ts), for backend developers.
import { USAGE_PATH, expectedUsage } from './lib/console-usage';
import { writeIfChanged } from './lib/contract-staleness';
import { repoPath } from './lib/paths';

const started = Date.now();
const written = writeIfChanged(USAGE_PATH, expectedUsage({ fresh: true }));
const took = `${Date.now() - started} ms`;
console.log(
  written
    ? `contract:usage: wrote ${repoPath(USAGE_PATH)} (${took})`
    : `contract:usage: ${repoPath(USAGE_PATH)} is current (${took})`,
);
