import AssignmentIcon from '@mui/icons-material/Assignment';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import HistoryIcon from '@mui/icons-material/History';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { lazyNamed as load } from '../lazyNamed';


/** Applications (spec appl/basic/{applNo}, appl/list/{userId}). */
export const applications = {
    list: load(() => import('./ApplicationList'), 'ApplicationList'),
    show: load(() => import('./ApplicationReader'), 'ApplicationReader'),
    icon: AssignmentIcon,
    recordRepresentation: 'applNo',
};

/** user/management. */
export const members = {
    list: load(() => import('./Members'), 'MembersList'),
    show: load(() => import('./Members'), 'MemberShow'),
    icon: ManageAccountsIcon,
    recordRepresentation: 'userId',
};

/** auth/list and auth/detail/{userId}. */
export const roles = {
    list: load(() => import('./Members'), 'RolesList'),
    show: load(() => import('./Members'), 'RolesShow'),
    icon: AdminPanelSettingsIcon,
    recordRepresentation: 'userId',
};

/** The personal-data access log. */
export const accessLog = {
    list: load(() => import('./AccessLog'), 'AccessLogList'),
    icon: HistoryIcon,
};

/** round/close: closing staff close rounds early (system admins reopen). */
export const roundClosures = {
    list: load(() => import('./RoundClosing'), 'RoundClosingList'),
    icon: EventBusyIcon,
};

