import { Datagrid, DateField, Edit, FunctionField, List, SimpleForm, TextInput, useLocale, useRecordContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { PageHeading } from '../components/PageHeading';

interface RuleRecord {
    id: string;
    school: { kor: string; eng: string };
    ko: string;
    en: string;
    updatedBy: string;
    updatedAt: string | null;
}

const excerpt = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** refund-rules: each school's refund rule text, shown on the applicant's request form. */
export const RefundRuleList = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const none = translate('refunds.no_rule');
    return (
        <List title={translate('resources.pay/refund-rules.name')} pagination={false} perPage={100} exporter={false} empty={false}>
            <PageHeading title="resources.pay/refund-rules.name" variant="list" />
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                {translate('refunds.rule_intro')}
            </Typography>
            <Datagrid rowClick="edit" bulkActionButtons={false}>
                <FunctionField source="school" sortable={false} render={(r: RuleRecord) => `${locale === 'en' ? r.school.eng : r.school.kor} (${r.id})`} />
                <FunctionField source="ko" sortable={false} render={(r: RuleRecord) => excerpt(r.ko) || none} />
                <FunctionField source="en" sortable={false} render={(r: RuleRecord) => excerpt(r.en) || none} />
                <DateField source="updatedAt" sortable={false} showTime locales={locale === 'en' ? 'en-GB' : 'ko-KR'} />
            </Datagrid>
        </List>
    );
};

const RuleTitle = () => {
    const r = useRecordContext<RuleRecord>();
    const locale = useLocale();
    const translate = useTranslate();
    return <span>{`${translate('resources.pay/refund-rules.name')}${r ? `: ${locale === 'en' ? r.school.eng : r.school.kor}` : ''}`}</span>;
};

/** Editing one school's rule (ko and en); the change is audited on the server. */
export const RefundRuleEdit = () => (
    <Edit title={<RuleTitle />} mutationMode="pessimistic" redirect="list">
        <SimpleForm>
            <TextInput source="ko" multiline minRows={4} fullWidth />
            <TextInput source="en" multiline minRows={4} fullWidth />
        </SimpleForm>
    </Edit>
);
