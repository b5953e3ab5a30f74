import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider, createQueryClient } from '@/app/provider';
import { setNavigator } from '@/lib/navigation';

export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  return render(ui, {
    wrapper: ({ children }) => <AppProvider queryClient={queryClient}>{children}</AppProvider>,
  });
}

/** Renders route objects in a memory router and lets non-React code navigate it. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
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
