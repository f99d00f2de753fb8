import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../api/client';
import { errorFromFailure } from '../../api/error-catalogue';
import type { ApiError } from '../../api/error-catalogue';
import { createPoller, pauseWhileHidden } from '../../lib/linking-poll';
import type { Poller } from '../../lib/linking-poll';
import { TEAM_WATCH_PAGE_SIZE, newlyLinked, teamBaseline } from '../../lib/linking-watch';
import type { TeamBaseline } from '../../lib/linking-watch';

export type LinkingPollStatus =
  | { kind: 'waiting'; tries: number }
  /** `deviceName` when the team was watched: the device that joined may be a teammate's. */
  | { kind: 'linked'; deviceId: string; deviceName?: string }
  | { kind: 'timedOut' }
  | { kind: 'failed'; error: ApiError };

/** One try of the invite: the linked device's id, or null while none is linked yet. */
interface Linked {
  deviceId: string;
  deviceName?: string;
}

async function checkInvite(
  teamId: string,
  inviteId: string,
  signal: AbortSignal,
): Promise<Linked | null> {
  const { data } = await client.GET('/team/{teamId}/invite/{inviteId}', {
    params: { path: { teamId, inviteId } },
    signal,
  });
  // Checked against the contract on arrival (a uuid or null): nothing to check again here.
  return data?.deviceId ? { deviceId: data.deviceId } : null;
}

/** The team's newest devices (SPEC §7 device list, ordered by `created`, newest first). */
async function newestDevices(teamId: string, signal?: AbortSignal) {
  const { data } = await client.GET('/team/{teamId}/devices', {
    params: {
      path: { teamId },
      query: { page: 1, pageSize: TEAM_WATCH_PAGE_SIZE, orderBy: 'created', direction: 'desc' },
    },
    signal,
  });
  return data?.devices ?? [];
}

/**
 * Watches for a linked device while the wizard is open (SPEC §4: "It advances automatically when a
 * device is detected as linked"), on the SPEC schedule (2 s, then every 5 s, 60 tries):
 *
 * - On Install and Link (`verifying` false) it watches the team for a device that joined after the
 *   wizard opened (src/lib/linking-watch.ts). A failure or the end of its tries stops it quietly:
 *   nobody is waiting on it yet.
 * - On Verify it starts again with a full budget: it asks the invite when there is an invite id,
 *   else it keeps watching the team; a failure or the timeout is shown (status).
 *
 * The team's baseline is taken once, when the wizard opens. The poll stops when `active` turns
 * false or the component unmounts (the wizard closed, the page left), pauses while the tab is
 * hidden for long, and never runs twice at once.
 */
export function useLinkingPoll({
  teamId,
  inviteId,
  active,
  verifying,
}: {
  teamId: string;
  inviteId: string | null;
  active: boolean;
  verifying: boolean;
}) {
  const [status, setStatus] = useState<LinkingPollStatus>({ kind: 'waiting', tries: 0 });
  const poller = useRef<Poller | null>(null);
  const baseline = useRef<{ teamId: string; promise: Promise<TeamBaseline | null> } | null>(null);

  // The invite matters on Verify only: its arrival on Link does not restart the team watch.
  const verifyInvite = verifying ? inviteId : null;

  useEffect(() => {
    if (!active) {
      baseline.current = null;
      return;
    }
    const takeBaseline = () => {
      baseline.current = {
        teamId,
        promise: newestDevices(teamId).then(teamBaseline, () => null),
      };
    };
    if (baseline.current?.teamId !== teamId) takeBaseline();

    const watchTeam = async (signal: AbortSignal): Promise<Linked | null> => {
      const base = await baseline.current?.promise;
      if (!base) {
        // Not known yet (its request failed): this try takes it, the next one compares.
        takeBaseline();
        return null;
      }
      const devices = await newestDevices(teamId, signal);
      const joined = devices.find((device) => device.id === newlyLinked(base, devices));
      return joined ? { deviceId: joined.id, deviceName: joined.deviceName } : null;
    };
    const check =
      verifying && verifyInvite
        ? (signal: AbortSignal) => checkInvite(teamId, verifyInvite, signal)
        : verifying
          ? watchTeam
          : (signal: AbortSignal) => watchTeam(signal).catch(() => null);

    const current = createPoller(check, {
      onWaiting: (tries) => {
        if (verifying) setStatus({ kind: 'waiting', tries });
      },
      onDone: (linked) => setStatus({ kind: 'linked', ...linked }),
      onTimeout: () => {
        if (verifying) setStatus({ kind: 'timedOut' });
      },
      onError: (failure) => {
        if (verifying) setStatus({ kind: 'failed', error: errorFromFailure(failure) });
      },
    });
    poller.current = current;
    current.start();
    const stopPausing = pauseWhileHidden(current, document);
    return () => {
      stopPausing();
      current.stop();
      if (poller.current === current) poller.current = null;
    };
  }, [teamId, verifyInvite, active, verifying]);

  const retry = useCallback(() => {
    setStatus({ kind: 'waiting', tries: 0 });
    poller.current?.start();
  }, []);

  return { status, retry };
}
