import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { formatDateTime } from '../format';
import { PageHeading } from '../components/PageHeading';
import { DataTable, DateInput, FunctionField, List, Pagination, SimpleList, TextInput, useTranslate, type RaRecord } from 'react-admin';

const Filters = () => {
    const translate = useTranslate();
    return [
        <TextInput key="actor" source="actor" alwaysOn />,
        <TextInput key="target" source="target" alwaysOn />,
        <TextInput key="action" source="action" placeholder={translate('backoffice.log.action_placeholder')} />,
        <DateInput key="from" source="from" label="resources.access-log.fields.fromDate" />,
        <DateInput key="to" source="to" />,
    ];
};

const detailText = (d: unknown) => (d ? JSON.stringify(d) : '');

/** The personal-data access log (system admin): read only, newest first. */
export const AccessLogList = () => {
    const translate = useTranslate();
    const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return (
        <>
            <PageHeading title="resources.access-log.name" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate('backoffice.log.intro')}</Typography>
            <List filters={Filters()} sort={{ field: 'id', order: 'DESC' }} perPage={25}
                pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />} exporter={false}>
                {isSmall ? (
                    <SimpleList primaryText={r => `${r.actor} · ${r.action}`} secondaryText={r => r.target}
                        tertiaryText={r => formatDateTime(r.createdAt, true)} rowClick={false} />
                ) : (
                    <DataTable rowClick={false} bulkActionButtons={false} data-testid="access-log-table">
                        <DataTable.Col source="createdAt">
                            <FunctionField render={(r: RaRecord) => formatDateTime(r.createdAt, true)} />
                        </DataTable.Col>
                        <DataTable.Col source="actor" />
                        <DataTable.Col source="action" />
                        <DataTable.Col source="target" disableSort />
                        <DataTable.Col source="from" disableSort />
                        <DataTable.Col source="detail" disableSort>
                            <FunctionField render={(r: RaRecord) => (
                                <Typography variant="caption" sx={{ wordBreak: 'break-all' }}>{detailText(r.detail)}</Typography>
                            )} />
                        </DataTable.Col>
                    </DataTable>
                )}
            </List>
        </>
    );
};
