import { describe, expect, it } from 'vitest';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { theme } from './theme';

describe('admin theme', () => {
    const t = createTheme(theme);
    it("is in the service's colours, as the applicant site", () => {
        expect(t.palette.primary.main).toBe('#1f3a68');
        expect(t.palette.secondary.main).toBe('#f28c28');
    });
    it('keeps text on its colours at WCAG AA (4.5:1)', () => {
        expect(getContrastRatio(t.palette.primary.contrastText, t.palette.primary.main)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(t.palette.secondary.contrastText, t.palette.secondary.main)).toBeGreaterThanOrEqual(4.5);
        // navy links and buttons on the page and on the filled inputs' grey
        expect(getContrastRatio(t.palette.primary.main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(t.palette.primary.main, '#f0f0f0')).toBeGreaterThanOrEqual(4.5);
    });
});
