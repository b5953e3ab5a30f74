import { useState } from 'react';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { lazyPart, usePrefetchWhenIdle } from '@/components/lazy-part';

const GoTopButton = lazyPart(() => import('./go-top-button').then((m) => m.GoTopButton));
const parts = [GoTopButton];

/** Back to the top, once the page is scrolled down (its code comes then, or when the browser is idle). */
export function GoTop() {
  const trigger = useScrollTrigger({ disableHysteresis: true, threshold: 200 });
  const [scrolled, setScrolled] = useState(false); // mounted once shown: it hides with its transition
  if (trigger && !scrolled) setScrolled(true);
  usePrefetchWhenIdle(parts);
  return scrolled ? <GoTopButton shown={trigger} /> : null;
}
