import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../api/client';
import { ApiError } from '../../api/error-catalogue';
import { createPoller, pauseWhileHidden } from '../../lib/linking-poll';
import type { Poller } from '../../lib/linking-poll';
import { isUuid } from '../../lib/uuid';

export type LinkingPollStatus =
  | { kind: 'waiting'; tries: number }
  | { kind: 'linked'; deviceId: string }
  | { kind: 'timedOut' }
  | { kind: 'failed'; error: unknown };

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
  const deviceId: unknown = data?.deviceId;
  if (deviceId === null) return null;
  if (isUuid(deviceId)) return deviceId;
  throw new ApiError({
    kind: 'transport',
    operation: '/team/{teamId}/invite/{inviteId}',
    cause: new Error('the invite answer has no valid deviceId'),
  });
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
      onError: (error) => setStatus({ kind: 'failed', error }),
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
