import { lazyPart, usePrefetchWhenIdle } from '@/components/lazy-part';
import { useIsLoading } from '@/lib/loading';

const GlobalLoadingBar = lazyPart(() => import('./global-loading-bar').then((m) => m.GlobalLoadingBar));
const parts = [GlobalLoadingBar];

/** A thin bar at the very top while any API call is in flight. Its code comes
 * with the first call that takes a while, or before when the browser is idle:
 * the first load does without it. */
export function GlobalLoading() {
  const loading = useIsLoading();
  usePrefetchWhenIdle(parts);
  return loading ? <GlobalLoadingBar /> : null;
}
