/**
 * In-app addresses built from ids. Every id is encoded as one path segment: an id the server got
 * wrong ("../../logout", "a/b?x") can never point a link somewhere else. (Answers are checked
 * against the contract, where ids are UUIDs; this is the second wall.)
 */
const segment = (id: string) => encodeURIComponent(id);

export const overviewPath = (teamId: string) => `/overview/${segment(teamId)}`;
export const devicesPath = (teamId: string) => `/devices/${segment(teamId)}`;
export const settingsPath = (teamId: string) => `/settings/${segment(teamId)}`;
export const checkSettingsPath = (teamId: string, checkId: string) =>
  `${settingsPath(teamId)}/check/${segment(checkId)}`;
export const joinTeamPath = (teamId: string) => `/team/join/${segment(teamId)}`;

export type DeviceSubPage = 'rename' | 'move' | 'public';
export const devicePath = (deviceId: string, sub?: DeviceSubPage) =>
  `/device/${segment(deviceId)}${sub ? `/${sub}` : ''}`;
