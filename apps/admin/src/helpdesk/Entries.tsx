import { Typography, useMediaQuery, type Theme } from '@mui/material';
import {
    BooleanField,
    BooleanInput,
    Create,
    DataTable,
    DeleteButton,
    Edit,
    FunctionField,
    List,
    NumberInput,
    Pagination,
    SaveButton,
    SearchInput,
    SelectInput,
    SimpleForm,
    SimpleList,
    TextInput,
    Toolbar,
    required,
    useGetList,
    useLocale,
    useTranslate,
    type RaRecord,
} from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { formatDateTime } from '../format';

/** What the two kinds differ in: FAQ entries have a category, help posts a question text. */
export type Kind = 'faq' | 'help-posts';

const useCategories = () => {
    const locale = useLocale();
    const { data } = useGetList('faq-categories', { pagination: { page: 1, perPage: 100 }, sort: { field: 'order', order: 'ASC' } });
    return (data ?? []).map(c => ({ id: c.id, name: locale === 'en' ? c.engName : c.korName }));
};

const Filters = (kind: Kind, categories: { id: number; name: string }[], search: string) => {
    const out = [
        <SearchInput key="q" source="q" alwaysOn placeholder={search}
            slotProps={{ htmlInput: { 'aria-label': search, 'data-testid': `${kind}-admin-search` } }} />,
        <SelectInput key="published" source="published" alwaysOn
            choices={[{ id: 'true', name: 'resources.faq.published_yes' }, { id: 'false', name: 'resources.faq.published_no' }]} />,
    ];
    if (kind === 'faq') out.push(<SelectInput key="categoryId" source="categoryId" alwaysOn choices={categories} />);
    return out;
};

/** The FAQ entries or help posts, with the search the public page has (Korean text). */
export const EntryList = ({ kind }: { kind: Kind }) => {
    const translate = useTranslate();
    const categories = useCategories();
    const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const name = (id: unknown) => categories.find(c => c.id === id)?.name ?? '';
    return (
        <>
            <PageHeading title={`resources.${kind}.name`} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate(`resources.${kind}.intro`)}</Typography>
            <List resource={kind} filters={Filters(kind, categories, translate('resources.faq.search'))}
                sort={kind === 'faq' ? { field: 'order', order: 'ASC' } : { field: 'id', order: 'DESC' }} perPage={25}
                pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />} exporter={false}>
                {isSmall ? (
                    <SimpleList primaryText={r => r.titleKo} secondaryText={r => r.titleEn}
                        tertiaryText={r => translate(r.published ? 'resources.faq.published_yes' : 'resources.faq.published_no')} rowClick="edit" />
                ) : (
                    <DataTable rowClick="edit" bulkActionButtons={false} data-testid={`${kind}-table`}>
                        <DataTable.Col source="id" />
                        {kind === 'faq' && (
                            <DataTable.Col source="categoryId">
                                <FunctionField render={(r: RaRecord) => name(r.categoryId)} />
                            </DataTable.Col>
                        )}
                        <DataTable.Col source="titleKo" />
                        <DataTable.Col source="titleEn" />
                        <DataTable.Col source="published"><BooleanField source="published" /></DataTable.Col>
                        <DataTable.Col source="order" />
                        <DataTable.Col source="updatedAt">
                            <FunctionField render={(r: RaRecord) => `${formatDateTime(r.updatedAt, true)} ${r.updatedBy ?? ''}`} />
                        </DataTable.Col>
                    </DataTable>
                )}
            </List>
        </>
    );
};

const long = { multiline: true, minRows: 4, fullWidth: true } as const;

/** The form of both kinds: every text in Korean and English; answers are plain text (blank line = new paragraph). */
const EntryForm = ({ kind, edit }: { kind: Kind; edit?: boolean }) => {
    const translate = useTranslate();
    const categories = useCategories();
    return (
        <SimpleForm
            toolbar={
                <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
                    <SaveButton data-testid={`${kind}-save`} />
                    {edit && <DeleteButton mutationMode="pessimistic" />}
                </Toolbar>
            }
        >
            <Typography variant="body2" color="text.secondary">{translate('resources.faq.plain_text')}</Typography>
            {kind === 'faq' && <SelectInput source="categoryId" choices={categories} validate={required()} />}
            <TextInput source="titleKo" validate={required()} fullWidth />
            <TextInput source="titleEn" validate={required()} fullWidth />
            {kind === 'help-posts' && <TextInput source="bodyKo" validate={required()} {...long} />}
            {kind === 'help-posts' && <TextInput source="bodyEn" validate={required()} {...long} />}
            <TextInput source="answerKo" validate={required()} {...long} />
            <TextInput source="answerEn" validate={required()} {...long} />
            <NumberInput source="order" min={0} max={9999} />
            <BooleanInput source="published" />
            {edit && (
                <FunctionField render={(r: RaRecord) => (
                    <Typography variant="caption" color="text.secondary">
                        {translate('resources.faq.last_change', { at: formatDateTime(r.updatedAt, true), by: r.updatedBy ?? '' })}
                    </Typography>
                )} />
            )}
        </SimpleForm>
    );
};

export const EntryCreate = ({ kind }: { kind: Kind }) => (
    <Create resource={kind} redirect="list" mutationMode="pessimistic" record={{ order: 0, published: false }}>
        <PageHeading title={`resources.${kind}.create_title`} />
        <EntryForm kind={kind} />
    </Create>
);

export const EntryEdit = ({ kind }: { kind: Kind }) => (
    <Edit resource={kind} redirect="list" mutationMode="pessimistic">
        <PageHeading title={`resources.${kind}.name`} />
        <EntryForm kind={kind} edit />
    </Edit>
);
