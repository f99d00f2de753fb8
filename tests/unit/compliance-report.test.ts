import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_CSV_HEADER,
  complianceCsvLines,
  complianceFileName,
  complianceRows,
} from '../../src/lib/compliance-report';

const device = (id: string, name: string, owner: string, lastCheck: string | null) => ({
  id,
  deviceName: name,
  ownerEmail: owner,
  osVersion: 'macOS 15',
  platform: 'macOS' as const,
  lastCheck,
});

const CHECKS = [
  {
    id: 'AAAA0000-0000-4000-8000-000000000001',
    description: 'FileVault is on',
    devices: [
      device('d1', 'Frank’s MacBook Pro', 'frank@example.com', '2026-11-20T10:00:00Z'),
      device('d2', 'Build Mac mini', 'ci@example.com', null),
      device('d1', 'Frank’s MacBook Pro', 'frank@example.com', '2026-11-20T10:00:00Z'),
    ],
  },
  { id: 'aaaa0000-0000-4000-8000-000000000002', description: 'Firewall is on', devices: [] },
  {
    id: 'aaaa0000-0000-4000-8000-000000000003',
    description: 'Screen lock',
    devices: [device('d3', '=HYPERLINK("http://x")', '+evil@example.com', '2026-11-21T08:30:00Z')],
  },
];

const CLAIMS = [
  {
    claim: 'Encryption',
    checks: [{ id: 'aaaa0000-0000-4000-8000-000000000001', description: 'x', level: 'required' }],
  },
  {
    claim: 'Screen, lock',
    checks: [{ id: 'aaaa0000-0000-4000-8000-000000000003', description: 'y', level: 'required' }],
  },
];

describe('complianceRows', () => {
  it('gives one row per failing check and device, in the overview order, with the claim', () => {
    expect(complianceRows(CHECKS, CLAIMS)).toEqual([
      {
        check: 'FileVault is on',
        claim: 'Encryption',
        device: 'Frank’s MacBook Pro',
        owner: 'frank@example.com',
        lastCheck: '2026-11-20T10:00:00Z',
      },
      {
        check: 'FileVault is on',
        claim: 'Encryption',
        device: 'Build Mac mini',
        owner: 'ci@example.com',
        lastCheck: '',
      },
      {
        check: 'Screen lock',
        claim: 'Screen, lock',
        device: '=HYPERLINK("http://x")',
        owner: '+evil@example.com',
        lastCheck: '2026-11-21T08:30:00Z',
      },
    ]);
  });

  it('leaves the claim empty for a check the settings do not list, and is empty when all pass', () => {
    expect(complianceRows(CHECKS).map((row) => row.claim)).toEqual(['', '', '']);
    expect(complianceRows([{ ...CHECKS[1]! }], CLAIMS)).toEqual([]);
    expect(complianceRows([], CLAIMS)).toEqual([]);
  });
});

describe('complianceCsvLines', () => {
  it('writes the header, then formula-safe, quoted records ending with CRLF', () => {
    const lines = complianceCsvLines(complianceRows(CHECKS, CLAIMS));
    expect(COMPLIANCE_CSV_HEADER).toEqual(['check', 'claim', 'device', 'owner', 'last check']);
    expect(lines).toEqual([
      'check,claim,device,owner,last check\r\n',
      'FileVault is on,Encryption,Frank’s MacBook Pro,frank@example.com,2026-11-20T10:00:00Z\r\n',
      'FileVault is on,Encryption,Build Mac mini,ci@example.com,\r\n',
      `Screen lock,"Screen, lock","'=HYPERLINK(""http://x"")",'+evil@example.com,2026-11-21T08:30:00Z\r\n`,
    ]);
  });
});

describe('complianceFileName', () => {
  it('carries the team, made safe for file systems, and the local date', () => {
    expect(complianceFileName('Engineering', new Date(2026, 10, 25))).toBe(
      'compliance-Engineering-2026-11-25.csv',
    );
    expect(complianceFileName('R&D / Ops', new Date(2026, 0, 5))).toBe(
      'compliance-R&D - Ops-2026-01-05.csv',
    );
  });
});
