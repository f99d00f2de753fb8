import type { components } from '../../generated/api';

/**
 * CSV text (RFC 4180) that is safe to open in a spreadsheet. Pure: no DOM, no I/O.
 *
 * - Records end with CRLF; a field containing `"`, `,`, CR or LF is quoted and its quotes doubled.
 * - A cell beginning with `=`, `+`, `-`, `@`, tab or CR could be run as a formula (CSV injection),
 *   so it is neutralised with a leading `'` before quoting.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Prefix `'` to a cell a spreadsheet would evaluate. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Quote a field when RFC 4180 requires it. */
export function quoteCell(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One field: null and undefined are empty; everything else is neutralised, then quoted. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  return quoteCell(neutraliseCell(String(value)));
}

export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** A header record, then one record per row; every record ends with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((record) => `${csvRecord(record)}\r\n`).join('');
}

export type DeviceSummary = components['schemas']['DeviceSummary'];

/** Every DeviceSummary field, in a fixed order (the header row uses these names). */
export const DEVICE_CSV_COLUMNS = [
  'id',
  'teamId',
  'deviceName',
  'reportedDeviceName',
  'machineUUID',
  'status',
  'statusMsg',
  'passedCount',
  'failedCount',
  'failedRequiredCount',
  'disabledCount',
  'version',
  'osVersion',
  'platform',
  'modelName',
  'modelSerial',
  'lastCheck',
  'created',
  'ownerEmail',
  'publicId',
] as const satisfies readonly (keyof DeviceSummary)[];

// Compile-time guard: a field added to DeviceSummary must be added to the columns above, except
// the proposals a SPEC-only backend omits (exemptCount), so its export keeps the same columns.
type MissingColumn = Exclude<
  keyof DeviceSummary,
  (typeof DEVICE_CSV_COLUMNS)[number] | 'exemptCount'
>;
const allColumnsListed: [MissingColumn] extends [never] ? true : MissingColumn = true;
void allColumnsListed;

/** The header record of a device CSV, with its CRLF. */
export const DEVICE_CSV_HEADER = `${csvRecord(DEVICE_CSV_COLUMNS)}\r\n`;

/** One device's record, with its CRLF. */
export function deviceCsvLine(device: DeviceSummary): string {
  return `${csvRecord(DEVICE_CSV_COLUMNS.map((column) => device[column]))}\r\n`;
}

export function devicesToCsv(devices: readonly DeviceSummary[]): string {
  return DEVICE_CSV_HEADER + devices.map(deviceCsvLine).join('');
}

/**
 * `{prefix}-{team name}-{yyyy-mm-dd}.csv` with the local date; the team's name is made safe for
 * file systems (control characters and / \ : * ? " < > | become `-`, at most 100 characters).
 */
export function datedCsvFileName(
  prefix: string,
  teamName: string,
  date: Date = new Date(),
): string {
  const safe =
    teamName
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'team';
  const yyyy = String(date.getFullYear()).padStart(4, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${prefix}-${safe}-${yyyy}-${mm}-${dd}.csv`;
}
