// npm run contract:usage: writes openapi/CONSOLE-USAGE.md, the operations the console calls and the
// response fields it reads (scripts/lib/console-usage.mjs), for backend developers.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib/contract.mjs';
import { USAGE_PATH, expectedUsage } from './lib/console-usage.mjs';

const started = Date.now();
const text = expectedUsage({ fresh: true });
const rel = path.relative(REPO_ROOT, USAGE_PATH);
if (fs.existsSync(USAGE_PATH) && fs.readFileSync(USAGE_PATH, 'utf8') === text) {
  console.log(`contract:usage: ${rel} is current (${Date.now() - started} ms)`);
} else {
  fs.writeFileSync(USAGE_PATH, text);
  console.log(`contract:usage: wrote ${rel} (${Date.now() - started} ms)`);
}
