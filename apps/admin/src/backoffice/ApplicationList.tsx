import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
    DataTable,
    FunctionField,
    List,
    NumberInput,
    Pagination,
    SearchInput,
    SelectInput,
    SimpleList,
    TextInput,
    useLocale,
    useTranslate,
    type RaRecord,
} from 'react-admin';
import { ExportPanel } from './ExportPanel';
import { SchoolSelectInput } from '../components/SchoolPicker';
import { PageHeading } from '../components/PageHeading';
import { moneySummary, type StaffMoney } from './staffMoney';
import { APPL_STATUSES, StatusText } from './status';

/** The money in one line: "결제 완료 80,000원", "부분 환불 · 순액 50,000원", "결제 진행 중". */
export const MoneyText = ({ record }: { record: RaRecord }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const money = record.money as StaffMoney | undefined;
    return (
        <span data-testid="appl-money-text" data-money-state={money?.state ?? ''}>
            {moneySummary(translate, money, locale)}
        </span>
    );
};

const Filters = () => {
    const translate = useTranslate();
    const search = translate('resources.applications.search_placeholder');
    return [
        <SearchInput key="q" source="q" alwaysOn placeholder={search}
            slotProps={{ htmlInput: { 'aria-label': search, 'data-testid': 'applications-search' } }} />,
        <SelectInput key="status" source="status" alwaysOn
            choices={APPL_STATUSES.map(s => ({ id: s, name: `backoffice.status.${s}` }))} />,
        <SchoolSelectInput key="schoolCode" source="schoolCode" />,
        <NumberInput key="enterYear" source="enterYear" />,
        <NumberInput key="recruitPartSeq" source="recruitPartSeq" />,
        <TextInput key="userId" source="userId" />,
    ];
};

/**
 * Applications (the spec's appl/list/{userId} is this list filtered by
 * userId): a school admin sees their school's only; every page read is in
 * the access log. No client-side CSV: exports go through the server.
 */
export const ApplicationList = () => {
    const translate = useTranslate();
    const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return (
        <>
            <PageHeading title="resources.applications.name" />
            <List filters={Filters()} sort={{ field: 'applNo', order: 'DESC' }} perPage={10}
                pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />} exporter={false}>
                {isSmall ? (
                    <SimpleList
                        primaryText={r => `${r.applicantName || '-'} (${r.applId ?? r.applNo})`}
                        secondaryText={r => (
                            <>
                                {`${r.schoolKorName} ${r.enterYear}-${r.recruitPartSeq}`}
                                <Box component="span" sx={{ display: 'block' }}><MoneyText record={r} /></Box>
                            </>
                        )}
                        tertiaryText={r => translate(`backoffice.status.${r.isApplReviewing ? r.reviewStatus : r.status}`)}
                        rowClick="show"
                    />
                ) : (
                    <DataTable rowClick="show" bulkActionButtons={false} data-testid="applications-table">
                        <DataTable.Col source="applNo" />
                        <DataTable.Col source="applId" />
                        <DataTable.Col source="applicantName" />
                        <DataTable.Col source="userId" />
                        <DataTable.Col source="schoolKorName" disableSort />
                        <DataTable.Col source="enterYear" disableSort />
                        <DataTable.Col source="status">
                            <FunctionField render={(r: RaRecord) => <StatusText record={r} />} />
                        </DataTable.Col>
                        <DataTable.Col source="money" disableSort>
                            <FunctionField render={(r: RaRecord) => <MoneyText record={r} />} />
                        </DataTable.Col>
                    </DataTable>
                )}
            </List>
            <ExportPanel />
        </>
    );
};
