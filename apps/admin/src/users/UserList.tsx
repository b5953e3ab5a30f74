import { useMediaQuery, type Theme } from '@mui/material';
import {
    DataTable,
    List,
    Pagination,
    SearchInput,
    SelectInput,
    SimpleList,
    useTranslate,
} from 'react-admin';
import { DateTimeField } from '../components/DateTimeField';
import { RolesField } from '../components/RolesField';
import { USER_STATUSES, UserStatusField } from '../components/UserStatusField';
import { PageHeading } from '../components/PageHeading';

const statusChoices = USER_STATUSES.map(s => ({ id: s, name: `resources.users.status.${s}` }));

const UserFilters = () => {
    const translate = useTranslate();
    const search = translate('resources.users.search_placeholder');
    return [
        <SearchInput
            key="q"
            source="q"
            alwaysOn
            placeholder={search}
            slotProps={{ htmlInput: { 'aria-label': search, 'data-testid': 'users-search' } }}
        />,
        <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    ];
};

const UserPagination = () => <Pagination rowsPerPageOptions={[10, 25, 50]} />;

/**
 * All applicants (spec "user/list"). Read-only; no CSV export, because an
 * export of personal data has to go through the server, which logs it.
 */
export const UserList = () => {
    const translate = useTranslate();
    const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return (
        <>
        <PageHeading title="resources.users.name" />
        <List
            filters={UserFilters()}
            sort={{ field: 'createdAt', order: 'DESC' }}
            perPage={10}
            pagination={<UserPagination />}
            exporter={false}
        >
            {isSmall ? (
                <SimpleList
                    primaryText={record => record.userId}
                    secondaryText={record => record.email}
                    tertiaryText={record => translate(`resources.users.status.${record.status}`, { _: record.status })}
                    rowClick="show"
                />
            ) : (
                <DataTable rowClick="show" bulkActionButtons={false} data-testid="users-table">
                    <DataTable.Col source="userId" />
                    <DataTable.Col source="email" />
                    <DataTable.Col source="status">
                        <UserStatusField />
                    </DataTable.Col>
                    <DataTable.Col source="roles" disableSort>
                        <RolesField />
                    </DataTable.Col>
                    <DataTable.Col source="createdAt">
                        <DateTimeField source="createdAt" />
                    </DataTable.Col>
                    <DataTable.Col source="lastLoginAt">
                        <DateTimeField source="lastLoginAt" emptyText="resources.users.never" />
                    </DataTable.Col>
                </DataTable>
            )}
        </List>
        </>
    );
};
