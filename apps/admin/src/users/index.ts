import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';

// Loaded on first visit: the list and show views pull in react-admin's table,
// inputs and show layout, which the login page and dashboard do not need.
const UserList = lazy(() => import('./UserList').then(m => ({ default: m.UserList })));
const UserShow = lazy(() => import('./UserShow').then(m => ({ default: m.UserShow })));

/** Resource "users": all applicants (spec /sysadmin/user/list). Read-only. */
export default {
    list: UserList,
    show: UserShow,
    icon: PeopleIcon,
    recordRepresentation: 'userId',
};
