import CampaignIcon from '@mui/icons-material/Campaign';
import { lazyNamed as load } from '../../lazyNamed';

/** notice: the resource "notices" (its page, as core/permission AdminPages lists it, is "notice"). */
export const notices = {
    list: load(() => import('./Notices'), 'NoticeList'),
    create: load(() => import('./Notices'), 'NoticeCreate'),
    edit: load(() => import('./Notices'), 'NoticeEdit'),
    icon: CampaignIcon,
};

/** The bulk-mail page's path under /sysadmin (core/permission AdminPages). */
export const BULK_MAIL_PAGE = 'bulk-mail';

/** bulk-mail: mail a round's applicants (issue 23 item 4). */
export const BulkMailPage = load(() => import('./BulkMailPage'), 'BulkMailPage');
