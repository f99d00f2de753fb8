import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../api/client';
import { errorFromFailure } from '../../api/error-catalogue';
import type { ApiError } from '../../api/error-catalogue';
import { createPoller, pauseWhileHidden } from '../../lib/linking-poll';
import type { Poller } from '../../lib/linking-poll';

export type LinkingPollStatus =
  | { kind: 'waiting'; tries: number }
  | { kind: 'linked'; deviceId: string }
  | { kind: 'timedOut' }
  | { kind: 'failed'; error: ApiError };

/** One try: the linked device's id, or null while none is linked yet. */
async function checkInvite(
  teamId: string,
  inviteId: string,
  signal: AbortSignal,
): Promise<string | null> {
  const { data } = await client.GET('/team/{teamId}/invite/{inviteId}', {
    params: { path: { teamId, inviteId } },
    signal,
  });
  // Checked against the contract on arrival (a uuid or null): nothing to check again here.
  return data?.deviceId ?? null;
}

/**
 * Polls the invite while `active` (SPEC §4: 2 s, then every 5 s, 60 tries). It stops when
 * `active` turns false or the component unmounts (the wizard closed, the page left), pauses while
 * the tab is hidden for long, and never runs twice at once (one poller per invite).
 */
export function useLinkingPoll(teamId: string, inviteId: string | null, active: boolean) {
  const [status, setStatus] = useState<LinkingPollStatus>({ kind: 'waiting', tries: 0 });
  const poller = useRef<Poller | null>(null);

  useEffect(() => {
    if (!active || !inviteId) return;
    const current = createPoller((signal) => checkInvite(teamId, inviteId, signal), {
      onWaiting: (tries) => setStatus({ kind: 'waiting', tries }),
      onDone: (deviceId) => setStatus({ kind: 'linked', deviceId }),
      onTimeout: () => setStatus({ kind: 'timedOut' }),
      onError: (failure) => setStatus({ kind: 'failed', error: errorFromFailure(failure) }),
    });
    poller.current = current;
    current.start();
    const stopPausing = pauseWhileHidden(current, document);
    return () => {
      stopPausing();
      current.stop();
      if (poller.current === current) poller.current = null;
    };
  }, [teamId, inviteId, active]);

  const retry = useCallback(() => {
    setStatus({ kind: 'waiting', tries: 0 });
    poller.current?.start();
  }, []);

  return { status, retry };
}
