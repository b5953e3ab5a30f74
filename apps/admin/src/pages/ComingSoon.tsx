import { Alert, Box, Button, Card, CardContent, Chip } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import type { PlannedPage } from './adminPages';
import { PageHeading } from '../components/PageHeading';

/** The honest placeholder for a page that does not exist yet. */
export const ComingSoon = ({ page }: { page: PlannedPage }) => {
    const translate = useTranslate();
    const name = translate(`app.pages.${page.labelKey}`);
    return (
        <Box sx={{ mt: 2 }} data-testid="coming-soon">
            <Title title={name} />
            <Card>
                <CardContent>
                    <PageHeading variant="page" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        {name}
                        <Chip size="small" icon={<ConstructionIcon />} label={translate('app.coming_soon.badge')} />
                    </PageHeading>
                    <Alert severity="info" sx={{ my: 2 }}>
                        {translate('app.coming_soon.body')}
                    </Alert>
                    <Button component={Link} to="/" variant="outlined">
                        {translate('app.coming_soon.back')}
                    </Button>
                </CardContent>
            </Card>
        </Box>
    );
};
