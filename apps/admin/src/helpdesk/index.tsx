import { lazy } from 'react';
import LiveHelpIcon from '@mui/icons-material/LiveHelp';
import CategoryIcon from '@mui/icons-material/Category';
import ForumIcon from '@mui/icons-material/Forum';

const entries = () => import('./Entries');
const cats = () => import('./Categories');

/** The FAQ, its categories and the help board (issue 14; system admins). */
export const faq = {
    list: lazy(() => entries().then(m => ({ default: () => <m.EntryList kind="faq" /> }))),
    create: lazy(() => entries().then(m => ({ default: () => <m.EntryCreate kind="faq" /> }))),
    edit: lazy(() => entries().then(m => ({ default: () => <m.EntryEdit kind="faq" /> }))),
    icon: LiveHelpIcon,
    recordRepresentation: 'titleKo',
};

export const helpPosts = {
    list: lazy(() => entries().then(m => ({ default: () => <m.EntryList kind="help-posts" /> }))),
    create: lazy(() => entries().then(m => ({ default: () => <m.EntryCreate kind="help-posts" /> }))),
    edit: lazy(() => entries().then(m => ({ default: () => <m.EntryEdit kind="help-posts" /> }))),
    icon: ForumIcon,
    recordRepresentation: 'titleKo',
};

export const faqCategories = {
    list: lazy(() => cats().then(m => ({ default: m.CategoryList }))),
    create: lazy(() => cats().then(m => ({ default: m.CategoryCreate }))),
    edit: lazy(() => cats().then(m => ({ default: m.CategoryEdit }))),
    icon: CategoryIcon,
    recordRepresentation: 'korName',
};
