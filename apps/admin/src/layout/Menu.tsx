import { Divider, ListSubheader } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Menu as RaMenu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { PLANNED_PAGES } from '../pages/adminPages';
import { hasAny } from '../roles';

/**
 * Dashboard, the real resources (react-admin hides those the role may not
 * read), then the planned pages the role will get, under a "준비 중" heading.
 */
export const Menu = () => {
    const translate = useTranslate();
    const [open] = useSidebarState();
    const { permissions } = usePermissions<string[]>();
    const planned = PLANNED_PAGES.filter(p => hasAny(permissions, p.roles));
    return (
        <RaMenu>
            <RaMenu.DashboardItem />
            <RaMenu.ResourceItems />
            {planned.length > 0 && (
                <>
                    <Divider sx={{ my: 1 }} />
                    {open && (
                        <ListSubheader disableSticky sx={{ lineHeight: 2, bgcolor: 'transparent' }}>
                            {translate('app.menu.coming_soon')}
                        </ListSubheader>
                    )}
                    {planned.map(page => (
                        <RaMenu.Item
                            key={page.path}
                            to={`/${page.path}`}
                            primaryText={translate(`app.pages.${page.labelKey}`)}
                            leftIcon={<ConstructionIcon />}
                            sx={{ color: 'text.secondary' }}
                        />
                    ))}
                </>
            )}
        </RaMenu>
    );
};
