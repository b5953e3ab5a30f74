import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f3a68' },
    secondary: { main: '#f28c28' },
    // Alerts at full contrast (issue 21): the filled toasts put white text on
    // these and captions use them as text, so each reads at >= 4.5:1 on white
    // (MUI's own warning #ed6c02 and info #0288d1 read at 3.1 and 3.9).
    warning: { main: '#a84b00', contrastText: '#fff' },
    info: { main: '#0277bd', contrastText: '#fff' },
    background: { default: '#fafafa' },
  },
  typography: {
    fontFamily: [
      'Pretendard',
      '"Noto Sans KR"',
      '"Apple SD Gothic Neo"',
      '"Malgun Gothic"',
      'NanumGothic',
      'system-ui',
      '-apple-system',
      'Segoe UI',
      'Roboto',
      'sans-serif',
    ].join(','),
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { wordBreak: 'keep-all', overflowWrap: 'anywhere' },
      },
    },
  },
});
