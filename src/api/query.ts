import { useCallback, useRef } from 'react';
import { QueryClient, useMutation } from '@tanstack/react-query';
import type { MutateOptions, UseMutationOptions } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { client } from './client';
import { isApiError } from './error-catalogue';

const hooks = createQueryHooks(client);

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Init = Record<string, unknown> | undefined;
type Call = (
  path: string,
  init: Init,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * A DELETE answered 404 has reached its goal: the thing is gone (a second click, another tab,
 * another admin). It counts as done, never as an error.
 */
export function isDoneAnyway(method: string, error: unknown): boolean {
  return method.toLowerCase() === 'delete' && isApiError(error) && error.kind === 'notFound';
}

/**
 * Runs `start` unless a run is already in flight, in which case the caller joins that run.
 * `slot` is synchronous state (a ref): a second call in the same tick already sees the first.
 */
export function singleFlight<T>(
  slot: { current: Promise<T> | null },
  start: () => Promise<T>,
): Promise<T> {
  if (slot.current) return slot.current;
  const promise = start().finally(() => {
    if (slot.current === promise) slot.current = null;
  });
  slot.current = promise;
  return promise;
}

/**
 * `$api.useMutation` with ONE request per intent: the in-flight guard is a ref, set synchronously
 * by the first call, so a second click in the same tick (before React re-renders the button as
 * disabled) joins the running request instead of sending another. Every screen gets it unchanged.
 */
function useGuardedMutation(
  method: Method,
  path: string,
  options?: Omit<UseMutationOptions<unknown, unknown, Init>, 'mutationKey' | 'mutationFn'>,
  queryClient?: QueryClient,
) {
  const mutation = useMutation<unknown, unknown, Init>(
    {
      mutationKey: [method, path],
      mutationFn: async (init) => {
        const call = (client as unknown as Record<string, Call>)[method.toUpperCase()]!;
        try {
          const { data, error } = await call(path, init);
          if (error) throw error;
          return data;
        } catch (error) {
          if (isDoneAnyway(method, error)) return undefined;
          throw error;
        }
      },
      ...options,
    },
    queryClient,
  );
  const running = useRef<{ current: Promise<unknown> | null }>({ current: null });
  const { mutateAsync: start } = mutation;
  const mutateAsync = useCallback(
    (variables: Init, callbacks?: MutateOptions<unknown, unknown, Init>) =>
      singleFlight(running.current, () => start(variables, callbacks)),
    [start],
  );
  const mutate = useCallback(
    (variables: Init, callbacks?: MutateOptions<unknown, unknown, Init>) => {
      mutateAsync(variables, callbacks).catch(() => {});
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}

/** Generated, typed hooks: $api.useQuery('get', '/team/{teamId}/devices', { params }). */
export const $api = {
  ...hooks,
  useMutation: useGuardedMutation as unknown as typeof hooks.useMutation,
};

/** Only network failures and timeouts are worth another try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return (
    failureCount < 2 && isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
  );
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
