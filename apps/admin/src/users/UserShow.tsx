import { EmailField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { DateTimeField } from '../components/DateTimeField';
import { RolesField } from '../components/RolesField';
import { UserStatusField } from '../components/UserStatusField';
import { SchoolNameField } from '../components/SchoolPicker';

const UserTitle = () => {
    const record = useRecordContext();
    return <span>{record?.userId ?? ''}</span>;
};

/** One applicant's account (read-only). */
export const UserShow = () => (
    <Show title={<UserTitle />}>
        <SimpleShowLayout>
            <TextField source="userId" />
            <EmailField source="email" />
            <Labeled source="status">
                <UserStatusField />
            </Labeled>
            <Labeled source="roles">
                <RolesField />
            </Labeled>
            <Labeled source="schoolCode">
                <SchoolNameField emptyText="-" />
            </Labeled>
            <Labeled source="createdAt">
                <DateTimeField source="createdAt" />
            </Labeled>
            <Labeled source="lastLoginAt">
                <DateTimeField source="lastLoginAt" emptyText="resources.users.never" />
            </Labeled>
        </SimpleShowLayout>
    </Show>
);
