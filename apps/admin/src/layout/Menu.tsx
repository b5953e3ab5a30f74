import { Divider, ListSubheader } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Menu as RaMenu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { INFO_INQUIRY, PLANNED_PAGES } from '../pages/adminPages';
import type { Permissions } from '../authProvider';

/**
 * Dashboard, the real resources (react-admin hides those canAccess refuses),
 * the round settings, then the planned pages under a "준비 중" heading. Which
 * pages a person gets is what the server lists in /me (core/permission).
 */
export const Menu = () => {
    const translate = useTranslate();
    const [open] = useSidebarState();
    const { permissions } = usePermissions<Permissions>();
    const pages = permissions?.pages ?? [];
    const planned = PLANNED_PAGES.filter(p => pages.includes(p.path));
    return (
        <RaMenu>
            <RaMenu.DashboardItem />
            <RaMenu.ResourceItems />
            {pages.includes(INFO_INQUIRY) && (
                <RaMenu.Item
                    to={`/${INFO_INQUIRY}`}
                    primaryText={translate('app.pages.infoInquiry')}
                    leftIcon={<ListAltIcon />}
                    data-testid="menu-info-inquiry"
                />
            )}
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
