import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { setNavigator } from '@/lib/navigation';

export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  return render(ui, {
    wrapper: ({ children }) => (
      <AppProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppProvider>
    ),
  });
}

/** Renders route objects in a memory router and lets non-React code navigate it. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
  return { router, ...view };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
