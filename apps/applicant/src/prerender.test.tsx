import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { routes } from '@/app/router';
import { routePatterns } from './prerender';

// dist/routes.json: the server answers 404 for a path none of these matches.
describe('routePatterns', () => {
  const patterns = routePatterns();

  it('lists every page of the router and not the catch-all', () => {
    expect(patterns).toContain(paths.home.path);
    expect(patterns).toContain(paths.user.login.path);
    expect(patterns).toContain(paths.appl.review.path);
    expect(patterns).toContain(paths.schoolMain.path);
    expect(patterns).not.toContain('*');
    // each pattern is a page the router shows, never its not-found page
    for (const pattern of patterns) {
      const url = pattern.replace(/:\w+/g, 'x');
      const leaf = matchRoutes(routes, url)?.at(-1);
      expect(leaf?.route.path, url).toBe(pattern);
    }
  });
});
