import {
    CreateButton,
    Datagrid,
    DateField,
    FunctionField,
    List,
    NumberField,
    NumberInput,
    SearchInput,
    SimpleList,
    TopToolbar,
    useLocale,
    useTranslate,
} from 'react-admin';
import { Button, useMediaQuery, type Theme } from '@mui/material';
import { Link } from 'react-router-dom';
import type { RoundRecord } from './types';
import { PageHeading } from '../components/PageHeading';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NumberInput key="enterYear" source="enterYear" />];

const Actions = () => (
    <TopToolbar>
        <CreateButton />
    </TopToolbar>
);

/** recruit-part/list: the rounds of the schools the caller manages. */
export const RoundList = () => {
    const locale = useLocale();
    const translate = useTranslate();
    const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
    return (
        <>
        <PageHeading title="resources.recruit-parts.name" />
        <List filters={filters} actions={<Actions />} sort={{ field: 'enterYear', order: 'DESC' }} perPage={25}>
            {phone ? (
                <SimpleList
                    primaryText={(r: RoundRecord) => `${locale === 'en' ? r.engName || r.korName : r.korName} (${r.enterYear}-${r.recruitPartSeq})`}
                    secondaryText={(r: RoundRecord) => String(locale === 'en' ? r.schoolEngName : r.schoolKorName)}
                    tertiaryText={(r: RoundRecord) => {
                        const w = r.windows.find(x => x.type === 'SUBMIT');
                        return w ? `${w.startDay} – ${w.endDay}` : '';
                    }}
                    linkType="edit"
                />
            ) : (
            <Datagrid rowClick="edit" bulkActionButtons={false}>
                <FunctionField
                    source="schoolCode"
                    render={(r: RoundRecord) => String(locale === 'en' ? r.schoolEngName : r.schoolKorName)}
                />
                <NumberField source="enterYear" options={{ useGrouping: false }} />
                <NumberField source="recruitPartSeq" />
                <FunctionField source="korName" render={(r: RoundRecord) => (locale === 'en' ? r.engName || r.korName : r.korName)} />
                <FunctionField
                    label="resources.recruit-parts.windows.SUBMIT"
                    sortable={false}
                    render={(r: RoundRecord) => {
                        const w = r.windows.find(x => x.type === 'SUBMIT');
                        return w ? `${w.startDay} – ${w.endDay}` : '–';
                    }}
                />
                <FunctionField
                    source="feeKrw"
                    sortable={false}
                    render={(r: RoundRecord) => `${r.feeKrw.toLocaleString('ko-KR')} KRW / ${(r.feeUsd / 100).toFixed(2)} USD`}
                />
                <NumberField source="applications" sortable={false} />
                <DateField source="updatedAt" showTime locales={locale === 'en' ? 'en-GB' : 'ko-KR'} />
                <FunctionField
                    label="resources.recruit-parts.info"
                    render={(r: RoundRecord) => (
                        <Button size="small" component={Link} to={`/info-inquiry/${encodeURIComponent(r.id)}`} onClick={e => e.stopPropagation()}>
                            {translate('resources.recruit-parts.info')}
                        </Button>
                    )}
                />
            </Datagrid>
            )}
        </List>
        </>
    );
};
