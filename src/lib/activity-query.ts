import type { components } from '../../generated/api';
import { parseIsoDate } from './dates';
import { unusableAddressPartsMessage } from './device-list-query';

/**
 * The activity page's filters as they live in the address: `?actor=…&kind=…&from=…&to=…&page=…`
 * (person, kind of change, first and last day, both included, and the page). A parameter that
 * cannot be used falls back to its default and is named in a message, as the device list does.
 */
export type ActivityKind = components['schemas']['ActivityKind'];
export type ActivityEntry = components['schemas']['ActivityEntry'];

/** Every kind, with the words the filter and the export use. */
export const ACTIVITY_KIND_LABELS = {
  deviceRenamed: 'Device renamed',
  deviceMoved: 'Device moved',
  deviceRemoved: 'Device removed',
  devicePublished: 'Device published',
  deviceUnpublished: 'Device unpublished',
  checksChanged: 'Checks changed',
  checkPresetApplied: 'Check preset applied',
  devicePolicyChanged: 'Device policy changed',
  reportEmailAdded: 'Report email added',
  reportEmailRemoved: 'Report email removed',
  reportsSnoozed: 'Reports snoozed',
  slackConnected: 'Slack connected',
  slackDisconnected: 'Slack disconnected',
  adminAdded: 'Admin added',
  adminRemoved: 'Admin removed',
  collaboratorAdded: 'Collaborator added',
  collaboratorTeamAdded: 'Collaborator given a team',
  collaboratorTeamRemoved: 'Collaborator refused a team',
  teamCreated: 'Team created',
  teamDeleted: 'Team deleted',
  exemptionCreated: 'Exemption created',
  exemptionEnded: 'Exemption ended',
} as const satisfies Record<ActivityKind, string>;

export const ACTIVITY_KINDS = Object.keys(ACTIVITY_KIND_LABELS) as ActivityKind[];

/** A kind's words; an unknown kind (a newer server) as it comes. */
export function activityKindLabel(kind: string): string {
  return (ACTIVITY_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

export const ACTIVITY_PAGE_SIZE = 20;
const MAX_ACTOR = 255;
const MAX_PAGE = 1_000_000;

export interface ActivityQuery {
  actor: string;
  kind: ActivityKind | '';
  /** yyyy-mm-dd or '' */
  from: string;
  /** yyyy-mm-dd or '' (included) */
  to: string;
  page: number;
}

export const DEFAULT_ACTIVITY_QUERY: ActivityQuery = {
  actor: '',
  kind: '',
  from: '',
  to: '',
  page: 1,
};

/** What a person calls each parameter, for the message about an address that could not be read. */
const PARAM_LABELS = {
  actor: 'person',
  kind: 'kind',
  from: 'start date',
  to: 'end date',
  page: 'page',
} as const;
export type ActivityParam = keyof typeof PARAM_LABELS;

function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && parseIsoDate(text) !== null;
}

/** The filters of an address (its search part, with or without `?`), and what fell back. */
export function parseActivityQuery(search: string): {
  query: ActivityQuery;
  invalid: ActivityParam[];
} {
  const params = new URLSearchParams(search);
  const query: ActivityQuery = { ...DEFAULT_ACTIVITY_QUERY };
  const invalid: ActivityParam[] = [];
  const actor = params.get('actor');
  if (actor !== null) {
    const trimmed = actor.trim();
    if (trimmed.length <= MAX_ACTOR) query.actor = trimmed;
    else invalid.push('actor');
  }
  const kind = params.get('kind');
  if (kind !== null && kind !== '') {
    if ((ACTIVITY_KINDS as string[]).includes(kind)) query.kind = kind as ActivityKind;
    else invalid.push('kind');
  }
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    if (isDay(value)) query[key] = value;
    else invalid.push(key);
  }
  if (query.from && query.to && query.to < query.from) {
    query.to = '';
    invalid.push('to');
  }
  const page = params.get('page');
  if (page !== null) {
    const n = /^\d+$/.test(page) ? Number(page) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_PAGE) query.page = n;
    else invalid.push('page');
  }
  return { query, invalid };
}

/** The address's search part for these filters (defaults left out), without `?`. */
export function serializeActivityQuery(query: ActivityQuery): string {
  const params = new URLSearchParams();
  if (query.actor) params.set('actor', query.actor);
  if (query.kind) params.set('kind', query.kind);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

/** "The kind and start date in this address could not be used, so the defaults are shown." */
export function invalidActivityParamsMessage(keys: readonly ActivityParam[]): string | null {
  return unusableAddressPartsMessage(keys.map((key) => PARAM_LABELS[key]));
}

/** The day after a yyyy-mm-dd day, as yyyy-mm-dd (UTC). */
function nextDay(day: string): string {
  const date = parseIsoDate(day)!;
  return new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/**
 * listActivity's query for the filters: days in UTC, `to` included (the request's `to` is the
 * start of the next day, which the call leaves out).
 */
export function activityRequestQuery(query: ActivityQuery, pageSize = ACTIVITY_PAGE_SIZE) {
  return {
    page: query.page,
    pageSize,
    ...(query.actor ? { actor: query.actor } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.from ? { from: `${query.from}T00:00:00Z` } : {}),
    ...(query.to ? { to: `${nextDay(query.to)}T00:00:00Z` } : {}),
  };
}

/** The activity CSV's columns. */
export const ACTIVITY_CSV_HEADER = [
  'at',
  'person',
  'impersonatedBy',
  'kind',
  'objectType',
  'objectName',
  'detail',
] as const;

/** One entry's record for the CSV (made formula-safe by src/lib/csv.ts). */
export function activityCsvRow(entry: ActivityEntry): string[] {
  return [
    entry.at,
    entry.actor.email,
    entry.actor.impersonatedBy?.email ?? '',
    activityKindLabel(entry.kind),
    entry.object.type,
    entry.object.name,
    entry.detail,
  ];
}
