import EventNoteIcon from '@mui/icons-material/EventNote';
import { RoundList } from './RoundList';
import { RoundCreate, RoundEdit } from './RoundEdit';

/** The recruit-parts resource (spec recruit-part/list, /detail, /create). */
export default {
    list: RoundList,
    create: RoundCreate,
    edit: RoundEdit,
    icon: EventNoteIcon,
};
