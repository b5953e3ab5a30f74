import { Typography } from '@mui/material';
import {
    Create,
    DataTable,
    DateInput,
    DeleteButton,
    Edit,
    FormDataConsumer,
    List,
    SaveButton,
    SelectInput,
    SimpleForm,
    TextInput,
    Toolbar,
    required,
    useTranslate,
} from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { fmtMoney, type Money } from '../format';
import { SchoolNameField, SchoolSelectInput } from '../components/SchoolPicker';

/** A fee rule as the server answers it (docs/api-money.md "Fee rules"). */
export interface FeeRuleRecord {
    id: string;
    schoolCode: string;
    no: number;
    method: 'card' | 'trans' | 'vbank' | 'paypal';
    contract: 'pg' | 'paypal';
    effectiveFrom: string;
    rateBp: number;
    rate: string;
    fixed: string;
    fixedMoney: Money;
}

export const FEE_METHODS = ['card', 'trans', 'vbank', 'paypal'] as const;

/** The currency a method's fixed fee is in: PayPal charges dollars, the domestic PG won. */
export const methodCurrency = (method?: string) => (method === 'paypal' ? 'USD' : 'KRW');

const filters = [<SchoolSelectInput key="schoolCode" source="schoolCode" alwaysOn />];

/** Settlement fee rules of every school (system admins; issue 18). */
export const FeeRuleList = () => {
    const translate = useTranslate();
    return (
        <List filters={filters} perPage={50} exporter={false} title={translate('resources.fee-rules.name')} empty={false}>
            <PageHeading title="resources.fee-rules.name" variant="list" />
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                {translate('resources.fee-rules.intro')}
            </Typography>
            <DataTable rowClick="edit" bulkActionButtons={false} data-testid="fee-rules-table">
                <DataTable.Col source="schoolCode" disableSort>
                    <SchoolNameField />
                </DataTable.Col>
                <DataTable.Col source="contract" disableSort render={(r: FeeRuleRecord) => translate(`resources.fee-rules.contract.${r.contract}`)} />
                <DataTable.Col source="method" disableSort render={(r: FeeRuleRecord) => translate(`resources.fee-rules.method.${r.method}`)} />
                <DataTable.Col source="effectiveFrom" disableSort />
                <DataTable.Col source="rate" disableSort render={(r: FeeRuleRecord) => `${r.rate}%`} />
                <DataTable.Col source="fixedMoney" disableSort render={(r: FeeRuleRecord) => fmtMoney(r.fixedMoney)} />
            </DataTable>
        </List>
    );
};

const FeeRuleForm = ({ edit }: { edit?: boolean }) => {
    const translate = useTranslate();
    return (
        <SimpleForm
            toolbar={
                <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
                    <SaveButton />
                    {edit && <DeleteButton mutationMode="pessimistic" />}
                </Toolbar>
            }
        >
            <SchoolSelectInput source="schoolCode" validate={required()} disabled={edit} />
            <SelectInput
                source="method"
                validate={required()}
                choices={FEE_METHODS.map(m => ({ id: m, name: translate(`resources.fee-rules.method.${m}`) }))}
            />
            <DateInput source="effectiveFrom" validate={required()} />
            <TextInput source="rate" helperText={translate('resources.fee-rules.rate_hint')} inputMode="decimal" />
            <FormDataConsumer<FeeRuleRecord>>
                {({ formData }) => (
                    <TextInput
                        source="fixed"
                        inputMode="decimal"
                        helperText={translate('resources.fee-rules.fixed_hint', { currency: methodCurrency(formData.method) })}
                    />
                )}
            </FormDataConsumer>
        </SimpleForm>
    );
};

export const FeeRuleCreate = () => {
    const translate = useTranslate();
    return (
        <Create redirect="list" mutationMode="pessimistic" title={translate('resources.fee-rules.create_title')} record={{ rate: '0', fixed: '0' }}>
            <PageHeading title="resources.fee-rules.create_title" variant="list" />
            <FeeRuleForm />
        </Create>
    );
};

export const FeeRuleEdit = () => {
    const translate = useTranslate();
    return (
        <Edit redirect="list" mutationMode="pessimistic" title={translate('resources.fee-rules.name')}>
            <PageHeading title="resources.fee-rules.name" variant="list" />
            <FeeRuleForm edit />
        </Edit>
    );
};
