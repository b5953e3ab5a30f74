import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** A page with its title (h1) in the usual width. */
export function PageFrame({ title, children, maxWidth = 'md', testId }: { title: ReactNode; children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg'; testId?: string }) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 4 } }} data-testid={testId}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
