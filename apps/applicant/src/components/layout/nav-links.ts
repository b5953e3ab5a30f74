import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One entry of the nav: in-app route (`to`) or full-page link (`href`). */
export type NavLink = { key: string; label: ReactNode; testId: string; to?: string; href?: string };
export type NavGroup = { key: string; label: ReactNode; testId: string; items: NavLink[] };

export function linkProps(link: NavLink) {
  return link.to
    ? { component: RouterLink, to: link.to }
    : { component: 'a' as const, href: link.href };
}
