// Renders a page to HTML at build time (scripts/prerender.mjs runs it in
// Node): what a guest sees first, before the app's code has arrived.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { preloadPage, routes } from '@/app/router';
import { setLanguage, type Language } from '@/lib/i18n';

/** The markup of the page at path as a guest sees it in lang, emotion's styles inline. */
export async function renderPage(path: string, lang: Language): Promise<string> {
  await setLanguage(lang);
  await preloadPage(path); // the page's chunk is loaded: it renders, not its fallback
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

/** Every path pattern the router knows ("/appl/review/:applNo"), without the
 * catch-all: the server answers 404 for a path none of them matches
 * (dist/routes.json, adapters/httpapi/static.go). */
export function routePatterns(list: RouteObject[] = routes): string[] {
  return list.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...routePatterns(route.children ?? []),
  ]);
}
