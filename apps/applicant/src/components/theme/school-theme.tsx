import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, createTheme, useTheme } from '@mui/material/styles';
import { schoolColor } from '@/lib/school-color';

/** Renders its children in the school's colour (primary palette). */
export function SchoolTheme({ color, children }: { color?: string | null; children: ReactNode }) {
  const outer = useTheme();
  const theme = useMemo(
    () => createTheme(outer, { palette: { primary: outer.palette.augmentColor({ color: { main: schoolColor(color) } }) } }),
    [outer, color],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
