import EventNoteIcon from '@mui/icons-material/EventNote';
import { lazyNamed } from '../lazyNamed';

/** The recruit-parts resource (spec recruit-part/list, /detail, /create). */
export default {
    list: lazyNamed(() => import('./RoundList'), 'RoundList'),
    create: lazyNamed(() => import('./RoundEdit'), 'RoundCreate'),
    edit: lazyNamed(() => import('./RoundEdit'), 'RoundEdit'),
    icon: EventNoteIcon,
};

/** The round and school settings pages (issue 12), each loaded on first visit. */
export const RoundInfo = lazyNamed(() => import('./RoundInfo'), 'RoundInfo');
export const ApplIdCheck = lazyNamed(() => import('./ApplIdCheck'), 'ApplIdCheck');
export const RemakeApplId = lazyNamed(() => import('./RemakeApplId'), 'RemakeApplId');
