// npm run mock [-- --spec-only] [-- --port N]
// The Prism mock of the contract on MOCK_PORT (default 4010), 127.0.0.1. With --spec-only it
// serves openapi/spec-only.yaml instead: the contract without the proposals that add a field or a
// call to what the SPEC shows (openapi/PROPOSALS.md), i.e. a backend built to the SPEC alone.
// Prism's output goes to this terminal; Ctrl-C, any signal, or npm going away stops Prism too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { DOC_PATH, REPO_ROOT, repoPath } from './lib/paths';
import { prismCommand } from './lib/processes';
import { SPEC_ONLY_PATH } from './lib/spec-gaps';

const USAGE = `usage: npm run mock [-- --spec-only] [-- --port N]
  --spec-only  serve openapi/spec-only.yaml (a backend built to the SPEC alone) instead of
               openapi/openapi.yaml
  --port N     port to listen on (default: MOCK_PORT, else 4010)`;

function fail(message: string): never {
  console.error(`mock: ${message}\n\n${USAGE}`);
  process.exit(2);
}

const options = { specOnly: false, port: process.env.MOCK_PORT || '4010' };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 1) {
  const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
  if (flag === '--help' || flag === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (flag === '--spec-only') options.specOnly = true;
  else if (flag === '--port') {
    const value = inline ?? argv[(i += 1)];
    if (!value || !/^\d+$/.test(value)) fail('--port needs a number');
    options.port = value;
  } else fail(`unknown argument ${argv[i]}`);
}

const doc = options.specOnly ? SPEC_ONLY_PATH : DOC_PATH;
if (!fs.existsSync(doc)) fail(`${repoPath(doc)} is missing: run npm run generate`);
if (options.specOnly) {
  console.log(`mock: SPEC-only contract (${repoPath(doc)}), see openapi/PROPOSALS.md`);
}

// In the foreground (its output is this terminal's), so not through startProcess.
const [node, args] = prismCommand('mock', doc, '--port', options.port, '--host', '127.0.0.1');
const prism = spawn(node, args, { cwd: REPO_ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const) {
  process.on(signal, () => {
    if (prism.exitCode === null && prism.signalCode === null) prism.kill(signal);
  });
}
process.on('exit', () => {
  if (prism.exitCode === null && prism.signalCode === null) prism.kill('SIGKILL');
});
// npm (the parent) gone: stop, and Prism with it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 1000).unref();
prism.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
