import { QueryCache, QueryClient } from '@tanstack/react-query';
import { bridgeErrorOf } from '../api';
import { useUiStore } from './ui-store';

/** Codes that mean the key itself is no longer good: the person has to re-enter it. */
export const keyProblemCodes: ReadonlySet<string> = new Set(['unauthorized', 'invalid_key_metadata', 'key_required']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (keyProblemCodes.has(bridgeErrorOf(error).code)) useUiStore.getState().setKeyPromptOpen(true);
      },
    }),
    defaultOptions: {
      queries: {
        // Main's API client already retries what is safe to retry (429, 503, network).
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Service data belongs to one workspace; these keys are the app's own and survive a switch. */
export const workspaceIndependentKeys: ReadonlySet<unknown> = new Set(['workspaces', 'app']);
