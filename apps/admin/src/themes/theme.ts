import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The service's colours, as the applicant site has them (apps/applicant/src/app/theme.ts). */
export const SERVICE_NAVY = '#1f3a68';
export const SERVICE_ORANGE = '#f28c28';

/**
 * react-admin's default theme in the service's colours: navy for actions,
 * links and the app bar (white on it reads at 11:1, and it reads above 9:1
 * on the filled inputs' grey and on a warning alert); orange only as an
 * accent, with dark text on it (white on #f28c28 reads at 2.5:1, under WCAG
 * AA's 4.5:1; #1f1f1f reads at 6.7:1).
 */
export const theme: RaThemeOptions = {
    ...defaultTheme,
    palette: {
        ...defaultTheme.palette,
        primary: { main: SERVICE_NAVY },
        secondary: { main: SERVICE_ORANGE, contrastText: '#1f1f1f' },
    },
    typography: {
        ...defaultTheme.typography,
        fontFamily: ['Pretendard', '"Noto Sans KR"', '"Apple SD Gothic Neo"', '"Malgun Gothic"', 'NanumGothic', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'].join(','),
    },
    components: {
        ...defaultTheme.components,
        // react-admin's own headings (the empty-list message is an h4) come
        // right after a page's h1: an h2 keeps the heading order.
        MuiTypography: { defaultProps: { variantMapping: { h4: 'h2' } } },
        // The app bar in navy (react-admin draws it in the secondary colour) with an orange rule under it.
        RaAppBar: {
            defaultProps: { color: 'primary' },
            styleOverrides: { root: { borderBottom: `3px solid ${SERVICE_ORANGE}` } },
        },
        // The empty-list message is drawn in the disabled text colour (2.6:1 on
        // white; at half opacity, 2.9:1, in earlier react-admin releases): the
        // secondary text colour reads at 5.7:1. A list is empty on a new
        // database (the browser tests' first file on a worker meets it).
        RaEmpty: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { opacity: 1, color: theme.palette.text.secondary } }) } },
    },
};
