import {
    Button as RaButton,
    Datagrid,
    DateField,
    DateInput,
    FunctionField,
    List,
    SelectInput,
    TextField,
    TextInput,
    useLocale,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { PageHeading } from '../components/PageHeading';
import { fmtMoney, type Money } from '../format';
import { monthStart, today } from './period';
import { useRequery } from './useRequery';
import { ANSWERS, answerText, type CancelRecord } from './PayAttempts';
import { SchoolSelectInput } from '../components/SchoolPicker';

const useCancelFilters = () => {
    const translate = useTranslate();
    return [
        <SelectInput key="answer" source="answer" choices={ANSWERS.map(a => ({ id: a, name: translate(`app.money.answers.${a}`) }))} />,
        <SchoolSelectInput key="schoolCode" source="schoolCode" />,
        <TextInput key="applNo" source="applNo" />,
        <TextInput key="paymentId" source="paymentId" />,
        <DateInput key="from" source="from" />,
        <DateInput key="to" source="to" />,
    ];
};

/** pay/cancel/history: every cancel with who, when, type, amount and the provider's answer. */
export const CancelHistory = () => {
    const locale = useLocale();
    const translate = useTranslate();
    const cancelFilters = useCancelFilters();
    return (
        <List filters={cancelFilters} sort={{ field: 'at', order: 'DESC' }} perPage={25} title={translate('app.pages.payCancelHistory')} empty={false} exporter={false}>
            <PageHeading title="app.pages.payCancelHistory" variant="list" />
            <Datagrid bulkActionButtons={false} rowClick={false}>
                <DateField source="at" showTime locales={locale === 'en' ? 'en-GB' : 'ko-KR'} />
                <FunctionField
                    source="paymentId"
                    sortable={false}
                    render={(r: CancelRecord) => <Link to={`/pay/attempts/${encodeURIComponent(r.paymentId)}/show`}>{r.paymentId}</Link>}
                />
                <FunctionField source="cancelType" sortable={false} render={(r: CancelRecord) => translate(`app.money.cancel.${r.cancelType}`)} />
                <FunctionField source="amount" render={(r: CancelRecord) => fmtMoney(r.amount)} />
                <TextField source="reason" sortable={false} />
                <TextField source="by" sortable={false} />
                <FunctionField source="answer" sortable={false} render={(r: CancelRecord) => answerText(translate, r)} />
            </Datagrid>
        </List>
    );
};

interface FailureRecord {
    id: number;
    paymentId: string;
    provider: string;
    kind: string;
    source: string;
    to: string;
    code: string;
    detail?: Record<string, string>;
    at: string;
}

const failureFilters = [
    <SchoolSelectInput key="schoolCode" source="schoolCode" />,
    <TextInput key="code" source="code" />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
];

/** pay-failure/history: declines, expiries, refused events and refused cancels with their reason. */
export const FailureHistory = () => {
    const locale = useLocale();
    const translate = useTranslate();
    return (
        <List filters={failureFilters} sort={{ field: 'id', order: 'DESC' }} perPage={25} title={translate('app.pages.payFailureHistory')} empty={false} exporter={false}>
            <PageHeading title="app.pages.payFailureHistory" variant="list" />
            <Datagrid bulkActionButtons={false} rowClick={false}>
                <DateField source="at" showTime locales={locale === 'en' ? 'en-GB' : 'ko-KR'} />
                <FunctionField
                    source="paymentId"
                    sortable={false}
                    render={(r: FailureRecord) =>
                        r.paymentId ? <Link to={`/pay/attempts/${encodeURIComponent(r.paymentId)}/show`}>{r.paymentId}</Link> : '–'
                    }
                />
                <TextField source="provider" sortable={false} />
                <FunctionField source="kind" sortable={false} render={(r: FailureRecord) => `${r.kind} / ${r.source}${r.to ? ` → ${r.to}` : ''}`} />
                <FunctionField source="code" sortable={false} render={(r: FailureRecord) => translate(`app.money.codes.${r.code.replace('.', '_')}`, { _: r.code })} />
                <FunctionField
                    source="detail"
                    sortable={false}
                    render={(r: FailureRecord) =>
                        Object.entries(r.detail ?? {})
                            .map(([k, v]) => `${k}: ${v}`)
                            .join(', ')
                    }
                />
            </Datagrid>
        </List>
    );
};

interface DiffRecord {
    id: string;
    applId: string;
    applicantName: string;
    kind: string;
    remote: string;
    ours: Money;
    theirs: Money;
    result: string;
    createdAt: string;
    detail: string;
}

const RequeryButton = ({ record }: { record: DiffRecord }) => {
    const requery = useRequery();
    return (
        <RaButton
            label="app.money.requery"
            data-testid={`requery-${record.id}`}
            onClick={e => {
                e.stopPropagation();
                requery.mutate(record.id);
            }}
        />
    );
};

const checkFilters = [
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
    <SchoolSelectInput key="schoolCode" source="schoolCode" alwaysOn />,
];

/** pay-check: our records against the provider's for a period; one button re-queries a payment. */
export const PayCheck = () => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <List
            filters={checkFilters}
            filterDefaultValues={{ from: monthStart(), to: today() }}
            perPage={25}
            sort={{ field: 'createdAt', order: 'ASC' }}
            title={translate('app.pages.payCheck')}
            exporter={false}
            empty={false}
        >
            <PageHeading title="app.pages.payCheck" variant="list" />
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<p style={{ padding: 16 }}>{translate('app.money.no_differences')}</p>}>
                <DateField source="createdAt" showTime sortable={false} locales={locale === 'en' ? 'en-GB' : 'ko-KR'} />
                <FunctionField
                    source="id"
                    sortable={false}
                    render={(r: DiffRecord) => <Link to={`/pay/attempts/${encodeURIComponent(r.id)}/show`}>{r.id}</Link>}
                />
                <TextField source="applicantName" sortable={false} />
                <FunctionField source="kind" sortable={false} render={(r: DiffRecord) => translate(`app.money.diff.${r.kind}`)} />
                <FunctionField source="result" sortable={false} render={(r: DiffRecord) => translate(`app.money.result.${r.result}`)} />
                <TextField source="remote" sortable={false} />
                <FunctionField source="ours" sortable={false} render={(r: DiffRecord) => fmtMoney(r.ours)} />
                <FunctionField source="theirs" sortable={false} render={(r: DiffRecord) => fmtMoney(r.theirs)} />
                <FunctionField label="app.money.requery" render={(r: DiffRecord) => <RequeryButton record={r} />} />
            </Datagrid>
        </List>
    );
};
