// npm run contract:release [-- --bump major|minor|patch]
// Makes the current document the release baseline: writes openapi/released.json (its wire contract,
// version and hash), which npm run check:contract compares every later document with. Run it when
// the backend ships the contract. --bump raises info.version from the released one first (and runs
// npm run generate, since the version is part of the hash). The release: scripts/lib/contract-release.ts.
import { type BumpLevel, ReleaseRefused, releaseContract } from './lib/contract-release';

const USAGE = `usage: npm run contract:release [-- --bump major|minor|patch]
  --bump LEVEL  raise info.version from the released version first (major for breaking changes),
                then npm run generate; without it, info.version must already be raised`;

function fail(message: string, code = 1): never {
  console.error(`contract:release: ${message}`);
  process.exit(code);
}

const LEVELS: readonly string[] = ['major', 'minor', 'patch'];
let bump: BumpLevel | undefined;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 1) {
  const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
  if (flag === '--help' || flag === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (flag === '--bump') {
    const level = inline ?? argv[(i += 1)] ?? '';
    if (!LEVELS.includes(level)) fail(`--bump takes major, minor or patch\n\n${USAGE}`, 2);
    bump = level as BumpLevel;
  } else fail(`unknown argument ${argv[i]}\n\n${USAGE}`, 2);
}

try {
  for (const line of await releaseContract({ bump })) console.log(line);
} catch (error) {
  if (error instanceof ReleaseRefused) fail(error.message);
  throw error;
}
