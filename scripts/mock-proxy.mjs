// npm run mock:proxy -- --upstream URL
// Prism in validation-proxy mode in front of a real backend: every request and response is checked
// against openapi/openapi.yaml and violations are answered as errors (--errors).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { DOC_PATH, REPO_ROOT } from './lib/contract.mjs';

const USAGE = `usage: npm run mock:proxy -- --upstream URL [--port 4010]
  --upstream URL  base URL of the real backend, e.g. http://localhost:8080/api/v1
  --port N        port to listen on (default 4010)`;

function fail(message) {
  console.error(`mock:proxy: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { port: '4010' };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag !== '--upstream' && flag !== '--port') fail(`unknown argument ${argv[i]}`);
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') fail(`${flag} needs a value`);
    options[flag.slice(2)] = value;
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
if (!options.upstream) fail('--upstream URL is required');
let upstream;
try {
  upstream = new URL(options.upstream);
} catch {
  fail(`--upstream is not a URL: ${options.upstream}`);
}
if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
  fail(`--upstream must be an http(s) URL: ${options.upstream}`);
}
if (!/^\d+$/.test(options.port)) fail(`--port is not a number: ${options.port}`);

const prism = spawn(
  process.execPath,
  [
    path.join(REPO_ROOT, 'node_modules', '.bin', 'prism'),
    'proxy',
    DOC_PATH,
    upstream.href,
    '--errors',
    '--port',
    options.port,
    '--host',
    '127.0.0.1',
  ],
  { cwd: REPO_ROOT, stdio: 'inherit' },
);
console.log(`mock:proxy: Prism validating ${upstream.href} on http://127.0.0.1:${options.port}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => prism.kill(signal));
}
prism.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
