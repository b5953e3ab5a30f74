import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f3a68' },
    secondary: { main: '#f28c28' },
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
