import { lazyNamed as load } from '../../lazyNamed';

/** The decision page's path under /sysadmin (core/permission AdminPages). */
export const DECISION_PAGE = 'decision';

/** decision: decide a round's completed applications and release the results (issue 23 item 3). */
export const DecisionsPage = load(() => import('./DecisionsPage'), 'DecisionsPage');
