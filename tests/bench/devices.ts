// The bench's data: the contract's examples (the team, the template device, the list's shape, never
// hard-coded) and device pages of any size generated from them (contract-valid: the example device
// with a new id and name), answered by the static servers instead of Prism.
import fs from 'node:fs';
import path from 'node:path';
import { exampleOf, readDocument, responseExamples } from '../../scripts/lib/openapi-doc';
import { DOC_PATH, GENERATED_DIR } from '../../scripts/lib/paths';
import type { ApiHandler } from './static-server';

interface Device {
  id: string;
  status?: string;
  [key: string]: unknown;
}
interface DeviceList {
  devices: Device[];
  [key: string]: unknown;
}

const examples = responseExamples(readDocument(DOC_PATH));
export const teamId = exampleOf<{ id: string }>(examples, 'getTeam', { name: 'engineering' }).id;
export const deviceId = exampleOf<{ id: string }>(examples, 'getDevice').id;
const listExample = exampleOf<DeviceList>(examples, 'listTeamDevices', { name: 'engineering' });
const template =
  listExample.devices.find((d) => d.status === 'compliant') ?? listExample.devices[0]!;
const OPENAPI_HASH = /OPENAPI_HASH = "([0-9a-f]+)"/.exec(
  fs.readFileSync(path.join(GENERATED_DIR, 'openapi-hash.ts'), 'utf8'),
)![1]!;

/** Device `i` of a generated team: the template with its own id, name and hardware id. */
function device(i: number): Device {
  const n = String(i + 1).padStart(8, '0');
  return {
    ...template,
    id: `de${n.slice(0, 6)}-${n.slice(6)}00-4000-8000-${String(i + 1).padStart(12, '0')}`,
    teamId,
    machineUUID: `BE0C0000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    deviceName: `Bench device ${n}`,
    reportedDeviceName: `bench-${n}`,
    publicId: null,
  };
}

/** The API handler of the static servers: the team's device list with `count` devices. */
export function deviceListHandler(count: number): ApiHandler {
  return (req, url) => {
    if (req.method !== 'GET' || !/^\/api\/v1\/team\/[^/]+\/devices$/.test(url.pathname))
      return null;
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? 20) || 20);
    const from = (page - 1) * pageSize;
    const devices: Device[] = [];
    for (let i = from; i < Math.min(count, from + pageSize); i += 1) devices.push(device(i));
    return {
      body: {
        ...listExample,
        devices,
        page,
        pageSize,
        total: count,
        pageCount: Math.max(1, Math.ceil(count / pageSize)),
      },
      headers: { 'openapi-hash': OPENAPI_HASH },
    };
  };
}
