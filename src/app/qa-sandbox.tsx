import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDayAndTime } from '../lib/dates';
import { getSession, startSession } from '../session/session';

/**
 * The QA panel's sandbox tab (npm start: the console against the sandbox). The world is the one
 * of the signed-in session; the controls live outside the contract, under /__sandbox, which the
 * dev server and `vite preview` proxy straight to the sandbox (scripts/sandbox/handlers.ts).
 */
interface SandboxDevice {
  id: string;
  deviceName: string;
  status: string;
  lastCheck: string | null;
}
interface SandboxWorld {
  key: string;
  variant: string;
  created: string;
  you: string;
  impersonatedBy: string | null;
  people: { id: string; name: string; email: string; role: string }[];
  teams: { id: string; name: string; devices: SandboxDevice[] }[];
  mail: { id: string; to: string; subject: string; link: string | null; sent: string }[];
}
export interface SandboxStatus {
  sandbox: true;
  variants: Record<string, string>;
  tags: string[];
  world: SandboxWorld | null;
}

const CONTROL = '/__sandbox';

function headers(): Record<string, string> {
  const token = getSession().token;
  return {
    'content-type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** The sandbox's status, or null when the console does not run against the sandbox. */
export async function readSandboxStatus(): Promise<SandboxStatus | null> {
  try {
    const response = await fetch(`${CONTROL}/status`, { headers: headers(), cache: 'no-store' });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return null;
    const data = (await response.json()) as Partial<SandboxStatus>;
    return data.sandbox === true ? (data as SandboxStatus) : null;
  } catch {
    return null;
  }
}

async function control<T>(route: string, body: unknown): Promise<T> {
  const response = await fetch(`${CONTROL}${route}`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(data.message ?? `The sandbox answered ${response.status}`);
  return data;
}

/** The team and device the current page is about (/overview/{team}, /device/{device}, ...). */
function fromAddress(world: SandboxWorld): { teamId?: string; deviceId?: string } {
  const [, first, id] = window.location.pathname.split('/');
  if (!id) return {};
  if (first === 'device') {
    const team = world.teams.find((item) => item.devices.some((device) => device.id === id));
    return team ? { teamId: team.id, deviceId: id } : {};
  }
  return world.teams.some((team) => team.id === id) ? { teamId: id } : {};
}

const ago = (iso: string | null) => {
  if (!iso) return 'never reported';
  const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
  return days < 1 ? 'reported today' : `last report ${days} day${days === 1 ? '' : 's'} ago`;
};

export function SandboxControls({
  status,
  onChanged,
}: {
  status: SandboxStatus;
  /** After a change of the world: the status again, and what the screen shows refetched. */
  onChanged: () => void;
}) {
  const world = status.world;
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const here = useMemo(() => (world ? fromAddress(world) : {}), [world]);
  const [teamId, setTeamId] = useState(here.teamId ?? world?.teams[0]?.id ?? '');
  const team = world?.teams.find((item) => item.id === teamId) ?? world?.teams[0];
  const [deviceId, setDeviceId] = useState(here.deviceId ?? '');
  const device = team?.devices.find((item) => item.id === deviceId) ?? team?.devices[0];
  const [personId, setPersonId] = useState(world?.you ?? '');
  const [variant, setVariant] = useState(world?.variant ?? 'northwind');
  const [email, setEmail] = useState('');

  const run = useCallback(
    async (task: () => Promise<string>) => {
      setBusy(true);
      try {
        setMessage(await task());
        onChanged();
      } catch (error) {
        setMessage(error instanceof Error ? error.message : String(error));
      } finally {
        setBusy(false);
      }
    },
    [onChanged],
  );

  const variantField = (
    <TextField
      select
      size="small"
      fullWidth
      label="Story"
      value={variant}
      onChange={(event) => setVariant(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {Object.entries(status.variants).map(([name, text]) => (
        <option key={name} value={name}>{`${name}: ${text}`}</option>
      ))}
    </TextField>
  );

  if (!world) {
    return (
      <Stack sx={{ gap: 2 }}>
        <Typography variant="body2">
          Log in with any email and password: the email is your world, a copy of the story of
          openapi/SCENARIOS.md kept by the sandbox. A tag after a plus picks who you are or which
          story starts: {status.tags.map((tag) => `+${tag}`).join(', ')}.
        </Typography>
        <Typography variant="subtitle2" component="h3">
          Reset the world of an email
        </Typography>
        <TextField
          size="small"
          label="Login email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {variantField}
        <Button
          variant="outlined"
          disabled={busy || !email.includes('@')}
          onClick={() =>
            void run(async () => {
              await control('/reset', { email, variant });
              return `The world of ${email} starts again from the story.`;
            })
          }
        >
          Reset that world
        </Button>
        <Typography role="status" aria-live="polite" variant="body2">
          {message}
        </Typography>
      </Stack>
    );
  }

  const me = world.people.find((person) => person.id === world.you);
  return (
    <Stack sx={{ gap: 2 }}>
      <Box>
        <Typography variant="subtitle2" component="h3">
          Your world
        </Typography>
        <Typography variant="body2">
          {`${world.key}: ${status.variants[world.variant] ?? world.variant}, created ${formatDayAndTime(new Date(world.created))}.`}
        </Typography>
        <Typography variant="body2">
          {`You are ${me ? `${me.name} (${me.email}, ${me.role})` : 'someone no longer in this world'}${world.impersonatedBy ? ', impersonated by support staff' : ''}.`}
        </Typography>
      </Box>
      <Typography role="status" aria-live="polite" variant="body2" sx={{ fontWeight: 600 }}>
        {message}
      </Typography>

      <Stack sx={{ gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Switch person
        </Typography>
        <TextField
          select
          size="small"
          fullWidth
          label="Person"
          value={personId}
          onChange={(event) => setPersonId(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {world.people.map((person) => (
            <option key={person.id} value={person.id}>
              {`${person.name}: ${person.email} (${person.role})`}
            </option>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={busy || personId === world.you}
          onClick={() =>
            void run(async () => {
              const { token } = await control<{ token: string }>('/person', { personId });
              startSession(token);
              window.location.assign('/');
              return 'Signing in…';
            })
          }
        >
          Sign in as this person
        </Button>
      </Stack>

      <Divider />
      <Stack sx={{ gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Simulations
        </Typography>
        <TextField
          select
          size="small"
          fullWidth
          label="Team"
          value={team?.id ?? ''}
          onChange={(event) => {
            setTeamId(event.target.value);
            setDeviceId('');
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {world.teams.map((item) => (
            <option key={item.id} value={item.id}>
              {`${item.name} (${item.devices.length})`}
            </option>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={busy || !team}
          onClick={() =>
            void run(async () => {
              const linked = await control<{ deviceId: string; inviteId: string | null }>(
                '/simulate/link',
                { teamId: team!.id },
              );
              setDeviceId(linked.deviceId);
              return `A device linked to ${team!.name}${linked.inviteId ? ' through its newest invite' : ''}.`;
            })
          }
        >
          A device links to this team
        </Button>
        <TextField
          select
          size="small"
          fullWidth
          label="Device"
          value={device?.id ?? ''}
          disabled={!device}
          onChange={(event) => setDeviceId(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {(team?.devices ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {`${item.deviceName}: ${item.status}, ${ago(item.lastCheck)}`}
            </option>
          ))}
        </TextField>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            disabled={busy || !device}
            onClick={() =>
              void run(async () => {
                await control('/simulate/stop-reporting', { deviceId: device!.id });
                return `${device!.deviceName} stopped reporting (61 days ago).`;
              })
            }
          >
            This device stops reporting
          </Button>
          <Button
            variant="outlined"
            disabled={busy || !device}
            onClick={() =>
              void run(async () => {
                await control('/simulate/report', { deviceId: device!.id });
                return `${device!.deviceName} reported just now.`;
              })
            }
          >
            This device reports again
          </Button>
        </Stack>
      </Stack>

      <Divider />
      <Stack sx={{ gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Reset
        </Typography>
        {variantField}
        <Button
          variant="outlined"
          color="warning"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await control('/reset', { variant });
              window.location.assign('/');
              return 'The world starts again from the story.';
            })
          }
        >
          Reset this world to the story
        </Button>
      </Stack>

      <Divider />
      <Box>
        <Typography variant="subtitle2" component="h3">
          Mail the sandbox sent
        </Typography>
        {world.mail.length === 0 ? (
          <Typography variant="body2">No mail yet.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {world.mail.map((mail) => (
              <Typography component="li" variant="body2" key={mail.id}>
                {`To ${mail.to}: `}
                {mail.link ? (
                  <Link
                    href={mail.link}
                    {...(mail.link.startsWith('/')
                      ? {}
                      : { target: '_blank', rel: 'noopener noreferrer' })}
                  >
                    {mail.subject}
                  </Link>
                ) : (
                  mail.subject
                )}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
