import { useEffect } from 'react';
import { Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ListIcon from '@mui/icons-material/List';
import { useCreatePath, useGetList, useStore, useTranslate, type Identifier, type SortPayload } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';

/** The list's parameters as react-admin keeps them in its store (applications.listParams). */
interface ListParams {
    sort?: string;
    order?: SortPayload['order'];
    page?: number;
    perPage?: number;
    filter?: Record<string, unknown>;
}

/** The application list's defaults (ApplicationList): newest first, ten a page. */
const DEFAULTS = { sort: 'applNo', order: 'DESC' as const, page: 1, perPage: 10 };

/** Whether a key press belongs to what the user is typing or choosing, not to the page. */
export const isTyping = (t: EventTarget | null) =>
    t instanceof HTMLElement &&
    (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) || !!t.closest('[role="dialog"], [role="listbox"], [role="menu"]'));

/** The key that moves to the next (j) or previous (k) application, as mail readers do; null for any other key. */
export const navKey = (e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): 'next' | 'prev' | null => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
    if (e.key === 'j') return 'next';
    if (e.key === 'k') return 'prev';
    return null;
};

/**
 * Previous and next through the application list as the staff member last
 * left it (its filter, sort and page, from react-admin's store), by button
 * or by the keys j and k. Where the current application is not on the
 * list's page (opened by its address), only the way back to the list shows.
 */
export const ReaderNav = ({ id }: { id: Identifier }) => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const createPath = useCreatePath();
    const [stored, setStored] = useStore<ListParams>('applications.listParams', {});
    const p = { ...DEFAULTS, ...stored };
    const query = (page: number, enabled = true) => ({
        pagination: { page, perPage: p.perPage },
        sort: { field: p.sort, order: p.order },
        filter: p.filter ?? {},
        enabled,
    });
    const here = useGetList('applications', query(p.page));
    const ids = (here.data ?? []).map(r => String(r.id));
    const at = ids.indexOf(String(id));
    const total = here.total ?? 0;
    const before = useGetList('applications', query(p.page - 1, at === 0 && p.page > 1));
    const after = useGetList('applications', query(p.page + 1, at >= 0 && at === ids.length - 1 && p.page * p.perPage < total));
    const prev = at > 0 ? { id: ids[at - 1], page: p.page } : before.data?.length ? { id: before.data[before.data.length - 1].id, page: p.page - 1 } : null;
    const next = at >= 0 && at < ids.length - 1 ? { id: ids[at + 1], page: p.page } : after.data?.length ? { id: after.data[0].id, page: p.page + 1 } : null;
    const go = (to: { id: Identifier; page: number } | null) => {
        if (!to) return;
        if (to.page !== p.page) setStored({ ...stored, page: to.page });
        navigate(createPath({ resource: 'applications', id: to.id, type: 'show' }));
    };
    useEffect(() => {
        const onKey = (e: KeyboardEvent) => {
            const k = navKey(e);
            if (!k || e.defaultPrevented || isTyping(e.target)) return;
            e.preventDefault();
            go(k === 'next' ? next : prev);
        };
        window.addEventListener('keydown', onKey);
        return () => window.removeEventListener('keydown', onKey);
    });
    const position = at >= 0 ? (p.page - 1) * p.perPage + at + 1 : 0;
    return (
        <Box component="nav" aria-label={translate('reader.nav.label')} data-testid="reader-nav"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
            <Button component={Link} to={createPath({ resource: 'applications', type: 'list' })} startIcon={<ListIcon />} size="small">
                {translate('reader.nav.list')}
            </Button>
            {at >= 0 && (
                <>
                    <Button size="small" variant="outlined" startIcon={<ArrowBackIcon />} disabled={!prev} onClick={() => go(prev)}
                        aria-keyshortcuts="k" data-testid="reader-prev">
                        {translate('reader.nav.prev')}
                    </Button>
                    <Button size="small" variant="outlined" endIcon={<ArrowForwardIcon />} disabled={!next} onClick={() => go(next)}
                        aria-keyshortcuts="j" data-testid="reader-next">
                        {translate('reader.nav.next')}
                    </Button>
                    <Typography variant="body2" role="status" data-testid="reader-position">
                        {translate('reader.nav.position', { n: position, total })}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ flexBasis: { xs: '100%', sm: 'auto' } }}>
                        {translate('reader.nav.keys')}
                    </Typography>
                </>
            )}
        </Box>
    );
};
