import { Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
    DataTable, DateInput, FunctionField, List, Pagination, SearchInput, SelectInput, SimpleList,
    useRecordContext, useTranslate, type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../components/DateTimeField';
import { PageHeading } from '../components/PageHeading';
import { formatDateTime } from '../format';
import { SchoolNameField, SchoolSelectInput } from '../components/SchoolPicker';

export const INQUIRY_TYPES = ['application', 'payment', 'recommendation', 'account', 'other'] as const;
export const INQUIRY_STATUSES = ['waiting', 'answered', 'closed'] as const;

/** The status as a chip; waiting ones stand out. */
export const InquiryStatusField = (_: { label?: string }) => {
    const record = useRecordContext();
    const translate = useTranslate();
    if (!record) return null;
    return (
        <Chip size="small" color={record.status === 'waiting' ? 'warning' : record.status === 'answered' ? 'success' : 'default'}
            variant={record.status === 'closed' ? 'outlined' : 'filled'} label={translate(`inquiry.status.${record.status}`)} data-testid="inquiry-status" />
    );
};

const Filters = () => {
    const translate = useTranslate();
    const search = translate('resources.inquiries.search_placeholder');
    return [
        <SearchInput key="q" source="q" alwaysOn placeholder={search}
            slotProps={{ htmlInput: { 'aria-label': search, 'data-testid': 'inquiries-search' } }} />,
        <SelectInput key="status" source="status" alwaysOn choices={INQUIRY_STATUSES.map(s => ({ id: s, name: `inquiry.status.${s}` }))} />,
        <SelectInput key="type" source="type" choices={INQUIRY_TYPES.map(s => ({ id: s, name: `inquiry.types.${s}` }))} />,
        <SchoolSelectInput key="schoolCode" source="schoolCode" />,
        <DateInput key="from" source="from" />,
        <DateInput key="to" source="to" />,
    ];
};

/** inquiry/manage: the inquiries the server lets this person see (a school admin: their school's), newest first. */
export const InquiryList = () => {
    const translate = useTranslate();
    const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return (
        <>
            <PageHeading title="resources.inquiries.name" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate('inquiry.intro')}</Typography>
            <List filters={Filters()} sort={{ field: 'id', order: 'DESC' }} perPage={25} pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />} exporter={false}>
                {isSmall ? (
                    <SimpleList primaryText={r => r.title} secondaryText={r => `${translate(`inquiry.status.${r.status}`)} · ${r.userId}`}
                        tertiaryText={r => formatDateTime(r.createdAt)} rowClick="show" />
                ) : (
                    <DataTable rowClick="show" bulkActionButtons={false} data-testid="inquiries-table">
                        <DataTable.Col source="id" />
                        <DataTable.Col source="status" disableSort><InquiryStatusField /></DataTable.Col>
                        <DataTable.Col source="type" disableSort>
                            <FunctionField render={(r: RaRecord) => translate(`inquiry.types.${r.type}`)} />
                        </DataTable.Col>
                        <DataTable.Col source="title" disableSort />
                        <DataTable.Col source="userId" disableSort />
                        <DataTable.Col source="schoolCode" disableSort>
                            <SchoolNameField emptyText={translate('inquiry.no_school')} />
                        </DataTable.Col>
                        <DataTable.Col source="answers" disableSort />
                        <DataTable.Col source="createdAt"><DateTimeField source="createdAt" /></DataTable.Col>
                    </DataTable>
                )}
            </List>
        </>
    );
};
