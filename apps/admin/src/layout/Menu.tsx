import { Divider, ListSubheader } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import ListAltIcon from '@mui/icons-material/ListAlt';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { Menu as RaMenu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { INFO_INQUIRY, MONEY_PAGES, PLANNED_PAGES, ROUND_PAGES, roundPageTarget, RECOMMEND_TEMPLATE } from '../pages/adminPages';
import PaymentsIcon from '@mui/icons-material/Payments';
import GavelIcon from '@mui/icons-material/Gavel';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import type { Permissions } from '../authProvider';
import { EvaluationMenuItems } from '../officers/evaluation';

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
    const roundPages = ROUND_PAGES.filter(p => p.path !== 'recruit-part/list' && pages.includes(p.path));
    // The money lists are resources (shown above); the other money pages here.
    const moneyPages = MONEY_PAGES.filter(p => !p.resource && pages.includes(p.path));
    return (
        <RaMenu>
            <RaMenu.DashboardItem />
            <RaMenu.ResourceItems />
            {/* The seed's School Admin menu; the round list itself is a resource item above. */}
            {roundPages.length > 0 && open && (
                <ListSubheader role="presentation" disableSticky sx={{ lineHeight: 2, bgcolor: 'transparent' }}>
                    {translate('app.menu.school_admin')}
                </ListSubheader>
            )}
            {roundPages.map(page => (
                <RaMenu.Item
                    key={page.path}
                    to={roundPageTarget(page.path)}
                    primaryText={translate(`app.pages.${page.labelKey}`)}
                    leftIcon={<ListAltIcon />}
                    data-testid={page.path === INFO_INQUIRY ? 'menu-info-inquiry' : `menu-${page.path.replace('/', '-')}`}
                />
            ))}
            {pages.includes(RECOMMEND_TEMPLATE) && (
                <RaMenu.Item
                    to={`/${RECOMMEND_TEMPLATE}`}
                    primaryText={translate('app.pages.recommendTemplate')}
                    leftIcon={<RateReviewIcon />}
                    data-testid="menu-recommend-template"
                />
            )}
            {/* The officers' evaluation (issue 23 item 2). */}
            <EvaluationMenuItems />
            {/* The staff money pages (issue 10). */}
            {moneyPages.map(page => (
                <RaMenu.Item
                    key={page.path}
                    to={page.to}
                    primaryText={translate(`app.pages.${page.labelKey}`)}
                    leftIcon={<PaymentsIcon />}
                    data-testid={`menu-${page.path.replace(/\//g, '-')}`}
                />
            ))}
            {/* The officers' console (issue 23); notices are a resource item above. */}
            {pages.includes('decision') && (
                <RaMenu.Item to="/decision" primaryText={translate('app.pages.decision')} leftIcon={<GavelIcon />} data-testid="menu-decision" />
            )}
            {pages.includes('bulk-mail') && (
                <RaMenu.Item to="/bulk-mail" primaryText={translate('app.pages.bulkMail')} leftIcon={<ForwardToInboxIcon />} data-testid="menu-bulk-mail" />
            )}
            {planned.length > 0 && (
                <>
                    <Divider sx={{ my: 1 }} />
                    {open && (
                        <ListSubheader role="presentation" disableSticky sx={{ lineHeight: 2, bgcolor: 'transparent' }}>
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
