import { Typography } from '@mui/material';
import { Create, DataTable, DeleteButton, Edit, List, NumberInput, SaveButton, SimpleForm, TextInput, Toolbar, required, useTranslate } from 'react-admin';
import { PageHeading } from '../components/PageHeading';

/** The FAQ's categories (the tabs of /faq), in their order. */
export const CategoryList = () => {
    const translate = useTranslate();
    return (
        <>
            <PageHeading title="resources.faq-categories.name" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate('resources.faq-categories.intro')}</Typography>
            <List sort={{ field: 'order', order: 'ASC' }} perPage={50} pagination={false} exporter={false}>
                <DataTable rowClick="edit" bulkActionButtons={false} data-testid="faq-categories-table">
                    <DataTable.Col source="order" />
                    <DataTable.Col source="korName" disableSort />
                    <DataTable.Col source="engName" disableSort />
                </DataTable>
            </List>
        </>
    );
};

const CategoryForm = ({ edit }: { edit?: boolean }) => (
    <SimpleForm toolbar={<Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}><SaveButton />{edit && <DeleteButton mutationMode="pessimistic" />}</Toolbar>}>
        <TextInput source="korName" validate={required()} fullWidth />
        <TextInput source="engName" validate={required()} fullWidth />
        <NumberInput source="order" min={0} max={9999} />
    </SimpleForm>
);

export const CategoryCreate = () => (
    <Create redirect="list" mutationMode="pessimistic" record={{ order: 0 }}>
        <PageHeading title="resources.faq-categories.create_title" />
        <CategoryForm />
    </Create>
);

export const CategoryEdit = () => (
    <Edit redirect="list" mutationMode="pessimistic">
        <PageHeading title="resources.faq-categories.name" />
        <CategoryForm edit />
    </Edit>
);
