import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** Resource "users": all applicants (spec /sysadmin/user/list). Read-only. */
export default {
    list: UserList,
    show: UserShow,
    icon: PeopleIcon,
    recordRepresentation: 'userId',
};
