import { useCallback, useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { LINKING_POLL_SCHEDULE, pauseWhileHidden, pollProgress } from '../lib/linking-poll';
import type { PollProgress, PollSchedule } from '../lib/linking-poll';

type PollQuery<T> = Query<T | null, unknown, T | null, readonly unknown[]>;

const triesOf = <T>(query: PollQuery<T>) =>
  query.state.dataUpdateCount + query.state.errorUpdateCount;

/**
 * A poll on a schedule (SPEC §4 device linking: a first try at 2 s, then every 5 s, at most 60
 * tries) as a TanStack query: `check` answers the value when it is there, or null for "not yet".
 *
 * - The first try waits `firstDelayMs` (the query is enabled then); `refetchInterval` asks again
 *   `intervalMs` after each answer (TanStack Query sets the interval anew on every update of the
 *   query), and a try in flight is joined, never doubled, however slow the server is.
 * - A value, a failed try (no retries) or the last empty answer ends the poll.
 * - `running` false, a tab hidden for long (`pauseWhileHidden`) or unmounting cancels the try in
 *   flight (its late answer is dropped); a resumed poll keeps its tries and asks again after the
 *   first delay. `restart()` starts over with a full budget of tries.
 */
export function useScheduledPoll<T>({
  key,
  check,
  running,
  schedule = LINKING_POLL_SCHEDULE,
}: {
  /** What is polled: another key is another poll (its first try after the first delay). */
  key: readonly (string | number | boolean | null)[];
  check: (signal: AbortSignal) => Promise<T | null>;
  running: boolean;
  schedule?: PollSchedule;
}): { progress: PollProgress<T> | null; restart(): void } {
  const queryClient = useQueryClient();
  const owner = useId();
  const [run, setRun] = useState(0);
  const [paused, setPaused] = useState(false);
  const [due, setDue] = useState<string | null>(null);
  const queryKey = ['scheduled-poll', owner, run, ...key] as const;
  const keyText = JSON.stringify(queryKey);
  const active = running && !paused;

  useEffect(() => {
    if (!running) return undefined;
    return pauseWhileHidden(
      { pause: () => setPaused(true), resume: () => setPaused(false) },
      document,
    );
  }, [running]);

  // The first try of a poll (a new key, a restart, a resume) waits the first delay.
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setDue(keyText), schedule.firstDelayMs);
    return () => {
      clearTimeout(timer);
      setDue(null);
      void queryClient.cancelQueries({ queryKey: JSON.parse(keyText) as unknown[] });
    };
  }, [active, keyText, schedule.firstDelayMs, queryClient]);

  const settled = (query: PollQuery<T>) =>
    pollProgress(schedule, triesOf(query), query.state.data, query.state.error).kind !== 'waiting';

  const query = useQuery<T | null, unknown, T | null, readonly unknown[]>({
    queryKey,
    queryFn: ({ signal }) => check(signal),
    enabled: (current) => active && due === keyText && !settled(current),
    refetchInterval: (current) => (settled(current) ? false : schedule.intervalMs),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    // Every answer is news (an empty answer counts a try): a render for each, whatever it holds.
    structuralSharing: false,
    notifyOnChangeProps: 'all',
  });

  const restart = useCallback(() => setRun((value) => value + 1), []);
  const state = queryClient.getQueryState(queryKey);
  const tries = state ? state.dataUpdateCount + state.errorUpdateCount : 0;
  const progress =
    tries === 0 && query.data === undefined
      ? null
      : pollProgress(schedule, tries, query.data, query.error);
  return { progress, restart };
}
