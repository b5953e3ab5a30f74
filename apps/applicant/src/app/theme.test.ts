import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { contrastWithWhite } from '@/lib/school-color';

// Issue 21: the warning alerts failed colour contrast. The filled toasts put
// white text on each severity's main colour, and captions use it as text on
// white: both must read at WCAG AA's 4.5:1.
describe('the alert colours', () => {
  it.each(['warning', 'info', 'success', 'error'] as const)('%s reads at >= 4.5:1 with white', (severity) => {
    const { main, contrastText } = theme.palette[severity];
    expect(contrastWithWhite(main)).toBeGreaterThanOrEqual(4.5);
    expect(contrastText).toBe('#fff');
  });
});
