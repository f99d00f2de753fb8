import type { components } from '../../generated/api';
import { csvRecord, datedCsvFileName } from './csv';
import type { SettingsClaim } from './check-settings';

type RequiredCheck = components['schemas']['RequiredCheck'];

/** The report's columns, in order (the header record). */
export const COMPLIANCE_CSV_HEADER = ['check', 'claim', 'device', 'owner', 'last check'] as const;

export interface ComplianceRow {
  check: string;
  /** The check's claim (category) from the team's check settings; empty when it is not listed. */
  claim: string;
  device: string;
  owner: string;
  /** The device's last report (ISO 8601 as the server sent it), empty when it never reported. */
  lastCheck: string;
}

/**
 * One row per failing required check and device, from the overview's required checks: in the
 * overview's order of checks, then of devices. A check without failing devices adds nothing; a
 * device listed twice under one check is one row.
 */
export function complianceRows(
  checks: readonly RequiredCheck[],
  claims: readonly SettingsClaim[] = [],
): ComplianceRow[] {
  const claimOf = new Map<string, string>();
  for (const claim of claims)
    for (const check of claim.checks) claimOf.set(check.id.toLowerCase(), claim.claim);
  const rows: ComplianceRow[] = [];
  for (const check of checks) {
    const seen = new Set<string>();
    for (const device of check.devices) {
      if (seen.has(device.id)) continue;
      seen.add(device.id);
      rows.push({
        check: check.description,
        claim: claimOf.get(check.id.toLowerCase()) ?? '',
        device: device.deviceName,
        owner: device.ownerEmail,
        lastCheck: device.lastCheck ?? '',
      });
    }
  }
  return rows;
}

/** The report's CSV records (header first), each with its CRLF, formula-safe like the device export. */
export function complianceCsvLines(rows: readonly ComplianceRow[]): string[] {
  return [
    `${csvRecord(COMPLIANCE_CSV_HEADER)}\r\n`,
    ...rows.map(
      (row) => `${csvRecord([row.check, row.claim, row.device, row.owner, row.lastCheck])}\r\n`,
    ),
  ];
}

/** `compliance-{team name}-{yyyy-mm-dd}.csv` with the local date. */
export function complianceFileName(teamName: string, date: Date = new Date()): string {
  return datedCsvFileName('compliance', teamName, date);
}
