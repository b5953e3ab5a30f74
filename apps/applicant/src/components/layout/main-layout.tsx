import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { NavBar } from './nav-bar';
import { Footer } from './footer';
import { GoTop } from './go-top';
import { useViewMode } from '@/lib/view-mode';
import { SkipLink } from './skip-link';
import { useTranslation } from '@/lib/use-translation';
import { useLocation } from 'react-router';
import { PageLoadBoundary } from '@/components/feedback/page-load-boundary';

export function PageFallback() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress size={32} aria-label={t('common.loading')} />
    </Box>
  );
}

/** Header (hidden in view mode), page, footer and go-to-top; the page area suspends while a lazy page loads. */
export function MainLayout({ children }: { children: ReactNode }) {
  // spec section 2: the header is shown except in view mode
  const viewMode = useViewMode();
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', overflowX: 'hidden' }}>
      <SkipLink />
      {!viewMode && <NavBar />}
      {/* At least a screen tall: the footer starts below the fold and does not
          jump while a lazy page loads (layout shift). */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, minWidth: 0, minHeight: '100vh', outline: 'none' }}>
        <PageLoadBoundary resetKey={pathname}>
          <Suspense fallback={<PageFallback />}>{children}</Suspense>
        </PageLoadBoundary>
      </Box>
      <Footer />
      <GoTop />
    </Box>
  );
}
