import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslation } from '@/lib/use-translation';
import { pushError } from '@/lib/notifications';
import { PageLoadTimeout, retryFailedPages } from '@/components/lazy-page';

function PageLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const slow = error instanceof PageLoadTimeout;
  return (
    // a plain box, not MUI's Alert: the shell carries this in its first load
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Box
        role="alert"
        data-testid="page-load-failed"
        data-reason={slow ? 'timeout' : 'error'}
        sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'error.main', bgcolor: '#fdeded', color: '#5f2120', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Box component="p" sx={{ m: 0, flex: '1 1 240px' }}>
          {slow ? t('error.pageLoadTimeout') : t('error.pageLoadFailed')}
        </Box>
        <Button variant="outlined" color="error" size="small" onClick={onRetry} data-testid="page-load-retry">
          {t('error.pageLoadRetry')}
        </Button>
      </Box>
    </Container>
  );
}

type Props = { children: ReactNode; /** a new page (its path): the failure of the last one is forgotten */ resetKey?: string };
type State = { error: unknown; key?: string };

/**
 * Catches what keeps a page from showing: its code not arriving (offline, a
 * new deployment, over 120 s) or an error while rendering it. Says so with a
 * retry button instead of a blank screen; the error goes to the error store.
 */
export class PageLoadBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    pushError(error);
  }

  private retry = () => {
    retryFailedPages();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) return <PageLoadFailed error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
