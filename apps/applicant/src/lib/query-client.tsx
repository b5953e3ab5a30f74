// react-query for the pages: the shell (src/start.tsx, the layout) does not use
// it, so it is not in the first load; each page gets the app's one client with
// its code (src/components/lazy-page.tsx), so that every page shares its cache.
import { useContext, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // the API client already reports errors; retries would repeat the toast
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | null = null;

/** The app's client, made on first use. */
export function appQueryClient(): QueryClient {
  return (appClient ??= createQueryClient());
}

/** Gives a page the app's client, unless one is given above it (tests). */
export function PageQueries({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  return given ? children : <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
