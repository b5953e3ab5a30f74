import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { HealthChip } from './HealthChip';
import { useHealth } from './useHealth';
import { formatDateTime } from '../format';

/** Known components first, in this order; any others follow. */
const KNOWN = ['db', 'redis'];

export const HealthCard = () => {
    const translate = useTranslate();
    const { health, loading, refresh } = useHealth();
    const names = health
        ? [...KNOWN.filter(n => n in health.components), ...Object.keys(health.components).filter(n => !KNOWN.includes(n))]
        : [];

    return (
        <Card component="section" aria-labelledby="health-title" data-testid="health-card">
            <CardHeader
                title={translate('app.health.title')}
                slotProps={{ title: { id: 'health-title', component: 'h2', variant: 'h6' } }}
                action={
                    <Button size="small" startIcon={<RefreshIcon />} onClick={refresh} disabled={loading}>
                        {translate('app.health.refresh')}
                    </Button>
                }
            />
            <CardContent>
                <Box aria-live="polite" aria-busy={loading || !health}>
                    <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
                        <Typography component="span" sx={{ fontWeight: 600, minWidth: 110 }}>
                            {translate('app.health.overall')}
                        </Typography>
                        {health ? (
                            <HealthChip status={health.status} testId="health-overall" />
                        ) : (
                            <Chip size="small" variant="outlined" label={translate('app.health.checking')} data-testid="health-overall" data-status="" />
                        )}
                    </Stack>
                    {health && !health.reachable && (
                        <Alert severity="warning" sx={{ mb: 2 }}>
                            {translate('app.health.unreachable')}
                        </Alert>
                    )}
                    <Typography component="h3" variant="subtitle2" color="text.secondary" gutterBottom>
                        {translate('app.health.components')}
                    </Typography>
                    {health && names.length === 0 && (
                        <Typography variant="body2" color="text.secondary">
                            {translate('app.health.no_components')}
                        </Typography>
                    )}
                    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                        {names.map(name => (
                            <Stack component="li" key={name} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                                <Typography component="span" sx={{ minWidth: 110 }}>
                                    {translate(`app.health.${name}`, { _: name })}
                                </Typography>
                                <HealthChip status={health!.components[name]} testId={`health-${name}`} />
                            </Stack>
                        ))}
                    </Stack>
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
                        {health && translate('app.health.checked_at', { time: formatDateTime(health.checkedAt, true) })}{' '}
                        {translate('app.health.refresh_note')}
                    </Typography>
                </Box>
            </CardContent>
        </Card>
    );
};
