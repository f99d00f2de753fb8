import { QueryClient } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { client } from './client';
import { isApiError } from './error-catalogue';

/** Generated, typed hooks: $api.useQuery('get', '/team/{teamId}/devices', { params }). */
export const $api = createQueryHooks(client);

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
