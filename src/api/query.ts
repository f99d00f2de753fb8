import { useCallback, useRef } from 'react';
import { QueryClient, useMutation } from '@tanstack/react-query';
import type {
  MutateOptions,
  SkipToken,
  UseMutationOptions,
  UseMutationResult,
  UseQueryOptions,
  UseQueryResult,
} from '@tanstack/react-query';
import type {
  Client,
  ClientPathsWithMethod,
  FetchResponse,
  MaybeOptionalInit,
} from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { paths } from '../../generated/api';
import { client } from './client';
import { errorFromFailure, isApiError } from './error-catalogue';
import type { ApiError } from './error-catalogue';

const hooks = createQueryHooks(client);

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Init = Record<string, unknown> | undefined;
type Call = (
  path: string,
  init: Init,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/*
 * The hooks' types, as openapi-react-query declares them (0.5), with one difference: the error is
 * `ApiError`, the value the client really rejects with (every failure is mapped by its middleware,
 * and anything else by its last guard, see client.ts), instead of the library's
 * "parsed error body" type, which the client never returns. The data types are the library's.
 */
type Media = `${string}/${string}`;
type PathOf<M extends Method> = ClientPathsWithMethod<Client<paths, Media>, M>;
type InitOf<M extends Method, P extends PathOf<M>> = MaybeOptionalInit<paths[P], M>;
type DataOf<M extends Method, P extends PathOf<M>, I> = paths[P][M] extends infer Operation extends
  Record<string | number, unknown>
  ? Required<FetchResponse<Operation, I, Media>>['data']
  : never;
/** openapi-react-query's QueryKey: [method, path] or [method, path, init]. */
type KeyOf<M extends Method, P extends PathOf<M>, I = InitOf<M, P>> = I extends undefined
  ? readonly [M, P]
  : readonly [M, P, I];
type Selected<Data, Select> = Select extends (data: Data) => infer R ? R : Data;
type InitWithUnknowns<I> = I & { [key: string]: unknown };
type RequiredKeys<T> = { [K in keyof T]: object extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeys<T> extends undefined ? never : RequiredKeys<T>;
type QueryArgs<I, Rest extends unknown[]> =
  RequiredKeysOf<I> extends never
    ? [InitWithUnknowns<I>?, ...Partial<Rest>]
    : [InitWithUnknowns<I>, ...Partial<Rest>];
type QueryOptionsOf<M extends Method, P extends PathOf<M>, I, Select> = UseQueryOptions<
  DataOf<M, P, I>,
  ApiError,
  Selected<DataOf<M, P, I>, Select>,
  KeyOf<M, P>
>;
type QueryOptionsArg<
  M extends Method,
  P extends PathOf<M>,
  I,
  O extends { select?: unknown },
> = Omit<QueryOptionsOf<M, P, I, O['select']>, 'queryKey' | 'queryFn'>;

/** The console's query hooks: openapi-react-query's, with `ApiError` as their error type. */
export interface TypedQueryHooks {
  queryOptions<
    M extends Method,
    P extends PathOf<M>,
    I extends InitOf<M, P>,
    O extends QueryOptionsArg<M, P, I, O>,
  >(
    method: M,
    path: P,
    ...[init, options]: QueryArgs<I, [O]>
  ): NoInfer<
    Omit<QueryOptionsOf<M, P, I, O['select']>, 'queryFn'> & {
      queryFn: Exclude<QueryOptionsOf<M, P, I, O['select']>['queryFn'], SkipToken | undefined>;
    }
  >;
  useQuery<
    M extends Method,
    P extends PathOf<M>,
    I extends InitOf<M, P>,
    O extends QueryOptionsArg<M, P, I, O>,
  >(
    method: M,
    path: P,
    ...[init, options, queryClient]: QueryArgs<I, [O, QueryClient]>
  ): UseQueryResult<Selected<DataOf<M, P, I>, O['select']>, ApiError>;
  useMutation<
    M extends Method,
    P extends PathOf<M>,
    I extends InitOf<M, P>,
    OnMutateResult = unknown,
  >(
    method: M,
    path: P,
    options?: Omit<
      UseMutationOptions<DataOf<M, P, I>, ApiError, I, OnMutateResult>,
      'mutationKey' | 'mutationFn'
    >,
    queryClient?: QueryClient,
  ): UseMutationResult<DataOf<M, P, I>, ApiError, I, OnMutateResult>;
}

/**
 * A DELETE answered 404 has reached its goal: the thing is gone (a second click, another tab,
 * another admin). It counts as done, never as an error.
 */
export function isDoneAnyway(method: string, error: ApiError): boolean {
  return method.toLowerCase() === 'delete' && error.kind === 'notFound';
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

/** One call of the contract, untyped: what `send` and `$api.useMutation` both make. */
async function call(method: Method, path: string, init: Init): Promise<unknown> {
  const request = (client as unknown as Record<string, Call>)[method.toUpperCase()]!;
  try {
    const { data, error } = await request(path, init);
    if (error) throw error;
    return data;
  } catch (failure) {
    // The client rejects with ApiError only; the mapping keeps that true should it ever not.
    const error = errorFromFailure(failure, path);
    if (isDoneAnyway(method, error)) return undefined;
    throw error;
  }
}

/**
 * One call of the contract, as the mutation hooks make it, for a mutation that runs several in a
 * row: resolves with the answer's data, rejects with an ApiError; a DELETE answered 404 is done.
 */
export function send<M extends Method, P extends PathOf<M>, I extends InitOf<M, P>>(
  method: M,
  path: P,
  init: I,
): Promise<DataOf<M, P, I>> {
  return call(method, path, init as Init) as Promise<DataOf<M, P, I>>;
}

/**
 * TanStack's `useMutation` with ONE run per intent: the in-flight guard is a ref, set synchronously
 * by the first call, so a second click in the same tick (before React re-renders the button as
 * disabled) joins the running request instead of starting another. Its error is an ApiError:
 * `mutationFn` rejects with what the client rejects with (see `send`).
 */
export function useSingleFlightMutation<TData, TVariables>(
  options: UseMutationOptions<TData, ApiError, TVariables>,
  queryClient?: QueryClient,
) {
  const mutation = useMutation<TData, ApiError, TVariables>(options, queryClient);
  const running = useRef<{ current: Promise<TData> | null }>({ current: null });
  const { mutateAsync: start } = mutation;
  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, ApiError, TVariables>) =>
      singleFlight(running.current, () => start(variables, callbacks)),
    [start],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, ApiError, TVariables>) => {
      mutateAsync(variables, callbacks).catch(() => {});
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}

/** `$api.useMutation`: one operation of the contract, guarded like every mutation. */
function useGuardedMutation(
  method: Method,
  path: string,
  options?: Omit<UseMutationOptions<unknown, ApiError, Init>, 'mutationKey' | 'mutationFn'>,
  queryClient?: QueryClient,
) {
  return useSingleFlightMutation<unknown, Init>(
    { mutationKey: [method, path], mutationFn: (init) => call(method, path, init), ...options },
    queryClient,
  );
}

/**
 * Generated, typed hooks: $api.useQuery('get', '/team/{teamId}/devices', { params }). Their error
 * is `ApiError` (see TypedQueryHooks); these are the only places its type is stated, not derived.
 */
export const $api: TypedQueryHooks = {
  queryOptions: hooks.queryOptions as unknown as TypedQueryHooks['queryOptions'],
  useQuery: hooks.useQuery as unknown as TypedQueryHooks['useQuery'],
  useMutation: useGuardedMutation as unknown as TypedQueryHooks['useMutation'],
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
