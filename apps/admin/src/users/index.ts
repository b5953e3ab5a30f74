import PeopleIcon from '@mui/icons-material/People';
import { lazyNamed } from '../lazyNamed';

/** Resource "users": all applicants (spec /sysadmin/user/list). Read-only. */
export default {
    list: lazyNamed(() => import('./UserList'), 'UserList'),
    show: lazyNamed(() => import('./UserShow'), 'UserShow'),
    icon: PeopleIcon,
    recordRepresentation: 'userId',
};
