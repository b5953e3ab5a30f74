import { Suspense } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { HealthCard } from '../health/HealthCard';
import type { Permissions } from '../authProvider';
import { PageHeading } from '../components/PageHeading';
import { lazyNamed } from '../lazyNamed';

// The round counts draw charts: their code loads only for those who see them.
const RoundDashboard = lazyNamed(() => import('../backoffice/RoundDashboard'), 'RoundDashboard');

/** Roles that see a round's counts (server: core/permission Dashboard). */
const DASHBOARD_ROLES = ['ROLE_SYS_ADMIN', 'ROLE_SCHL_ADMIN', 'ROLE_SET_ADMIN', 'ROLE_CLOSE_ADMIN'];

export const Dashboard = () => {
    const translate = useTranslate();
    const { identity } = useGetIdentity();
    const { permissions } = usePermissions<Permissions>();
    const roles = permissions?.roles ?? [];
    return (
        <Box sx={{ mt: { xs: 1, sm: 2 }, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Title title={translate('app.title')} />
            {/* Without the health card beside it, the welcome spans the row. */}
            <Card component="section" sx={roles.includes('ROLE_SYS_ADMIN') ? undefined : { gridColumn: '1 / -1' }}>
                <CardContent>
                    <PageHeading variant="page">{identity ? translate('app.dashboard.welcome', { name: identity.fullName }) : translate('app.title')}</PageHeading>
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                        {translate('app.dashboard.intro')}
                    </Typography>
                    {roles.length > 0 && (
                        <>
                            <Typography component="h2" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
                                {translate('app.dashboard.your_roles')}
                            </Typography>
                            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="my-roles">
                                {roles.map(role => (
                                    <Chip key={role} size="small" label={translate(`resources.users.roles.${role}`, { _: role })} />
                                ))}
                            </Stack>
                        </>
                    )}
                </CardContent>
            </Card>
            {/* The servers' health is the provider's concern (server: HealthDetail). */}
            {roles.includes('ROLE_SYS_ADMIN') && <HealthCard />}
            {roles.some(r => DASHBOARD_ROLES.includes(r)) && (
                <Suspense fallback={null}>
                    <RoundDashboard />
                </Suspense>
            )}
        </Box>
    );
};
