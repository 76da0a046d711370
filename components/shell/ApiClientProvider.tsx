import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '@/lib/api/apiClient';

/** Same-origin calls with the browser's fetch; made once, as it holds no state. */
const browserApiClient = createApiClient();

const ApiClientContext = createContext<ApiClient>(browserApiClient);

/** Injects the API client the steps call; component tests give a fake one here. */
export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The API client of the page: the browser's own unless a provider injected another. */
export function useApiClient(): ApiClient {
  return useContext(ApiClientContext);
}
