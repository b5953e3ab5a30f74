import { lazyNamed } from '../lazyNamed';

/** school/settings: a school's page, steps and variants (issue 12). */
export const SchoolSettings = lazyNamed(() => import('./SchoolSettings'), 'SchoolSettings');
