import { useState, type MouseEvent } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/Person';
import TranslateIcon from '@mui/icons-material/Translate';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { adminPaths, paths } from '@/config/paths';
import { hasRole, ROLES, useUser } from '@/lib/session';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { useUnreadInquiries } from '@/features/inquiry/api/get-unread';
import { lazyPart, usePrefetchWhenIdle } from '@/components/lazy-part';
import { linkProps, type NavGroup, type NavLink } from './nav-links';

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The notice of answers not yet read (seed section 8): a count the eye sees, a sentence a screen reader reads. */
function UnreadMark({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      data-testid={testId}
      sx={{ ml: 0.75, px: 0.75, minWidth: 20, borderRadius: 10, bgcolor: 'error.main', color: 'error.contrastText', fontSize: 12, fontWeight: 700, lineHeight: '20px', textAlign: 'center', display: 'inline-block' }}
    >
      <span aria-hidden="true">{count}</span>
      <Box component="span" sx={visuallyHidden}>
        {' '}
        {t('nav.unreadAnswers', { count })}
      </Box>
    </Box>
  );
}

function useNavModel() {
  const { t } = useTranslation();
  const user = useUser();
  const unread = useUnreadInquiries(!!user).data ?? 0;
  const links: NavLink[] = [];
  const groups: NavGroup[] = [];

  if (user) {
    links.push({ key: 'mylist', label: t('nav.myList'), testId: 'nav-mylist', to: paths.list.getHref() });
    links.push({ key: 'inquiry', label: t('nav.inquiry'), testId: 'nav-inquiry', to: paths.help.getHref() });
  }
  links.push({ key: 'faq', label: t('nav.faq'), testId: 'nav-faq', to: paths.faq.getHref() });
  if (hasRole(user, ROLES.sysAdmin)) {
    links.push({ key: 'sysadmin', label: t('nav.sysAdmin'), testId: 'nav-sysadmin', href: adminPaths.root });
  }
  if (hasRole(user, ROLES.schoolAdmin, ROLES.setAdmin)) {
    groups.push({
      key: 'schooladmin',
      label: t('nav.schoolAdmin'),
      testId: 'nav-schooladmin',
      items: [
        { key: 'round', label: t('nav.roundSettings'), testId: 'nav-schooladmin-round', href: adminPaths.roundSettings },
        { key: 'recruit', label: t('nav.recruitPartInfo'), testId: 'nav-schooladmin-recruit', href: adminPaths.recruitPartList },
        { key: 'applid', label: t('nav.applIdCheck'), testId: 'nav-schooladmin-applid', href: adminPaths.applIdCheck },
      ],
    });
  }
  if (user) {
    groups.push({
      key: 'user',
      label: (
        <>
          {user.userId}
          {unread > 0 && <UnreadMark count={unread} testId="nav-inquiry-unread" />}
        </>
      ),
      testId: 'nav-user',
      items: [
        {
          key: 'myinquiry',
          label: (
            <>
              {t('nav.myInquiry')}
              {unread > 0 && <UnreadMark count={unread} testId="nav-my-inquiry-unread" />}
            </>
          ),
          testId: 'nav-my-inquiry',
          to: paths.inquiry.userList.getHref(user.userId),
        },
        { key: 'myinfo', label: t('nav.myInfo'), testId: 'nav-my-info', to: paths.user.confirmPwd.getHref('MODIPY') },
        { key: 'receipts', label: t('nav.myReceipts'), testId: 'nav-my-receipts', to: paths.user.payReceipt.getHref() },
        { key: 'surveys', label: t('nav.surveys'), testId: 'nav-surveys', to: paths.survey.getHref() },
      ],
    });
  }
  return { user, links, groups, unread };
}

function LanguageToggle() {
  const { t } = useTranslation();
  return (
    <Button
      color="inherit"
      data-testid="lang-toggle"
      startIcon={<TranslateIcon />}
      // The visible label is the accessible name (WCAG 2.5.3); what it does is its description.
      title={t('nav.languageToggleLabel')}
      lang={currentLanguage() === 'ko' ? 'en' : 'ko'}
      onClick={() => void setLanguage(currentLanguage() === 'ko' ? 'en' : 'ko')}
      sx={{ whiteSpace: 'nowrap', minWidth: 0 }}
    >
      {t('nav.languageToggle')}
    </Button>
  );
}

const GroupMenu = lazyPart(() => import('./nav-menus').then((m) => m.GroupMenu));
const NavDrawer = lazyPart(() => import('./nav-menus').then((m) => m.NavDrawer));
const navParts = [GroupMenu, NavDrawer];

function DesktopGroup({ group }: { group: NavGroup }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false); // the menu stays mounted once opened: it closes with its transition
  const menuId = `nav-menu-${group.key}`;
  return (
    <>
      <Button
        color="inherit"
        data-testid={group.testId}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        startIcon={group.key === 'user' ? <PersonIcon /> : undefined}
        endIcon={<ArrowDropDownIcon />}
        sx={{ textTransform: 'none' }}
      >
        {group.label}
      </Button>
      {opened && <GroupMenu id={menuId} group={group} anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}

export function NavBar() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(false); // mounted once opened: it closes with its transition
  const { user, links, groups, unread } = useNavModel();
  const close = () => setDrawerOpen(false);
  usePrefetchWhenIdle(navParts);

  const signIn: NavLink = { key: 'login', label: t('nav.signIn'), testId: 'nav-login', to: paths.user.login.getHref() };
  // sign-up starts with the terms (issue 21: a guest finds it in the header)
  const signUp: NavLink = { key: 'signup', label: t('nav.signUp'), testId: 'nav-signup', to: paths.user.agree.getHref() };
  const signOut: NavLink = { key: 'logout', label: t('nav.signOut'), testId: 'nav-logout', to: paths.user.logout.getHref() };

  return (
    <AppBar position="sticky" color="primary" elevation={1} component="header">
      <Toolbar component="nav" aria-label={t('nav.mainNavigation')} sx={{ gap: 0.5, minWidth: 0 }}>
        {/* Phone or desktop by CSS, not by script: the prerendered home page
            (scripts/prerender.mjs) is right on both before the app runs. */}
        <IconButton
          edge="start"
          color="inherit"
          data-testid="nav-menu"
          // With a count the name comes from the content, so the visible number is part of it.
          aria-label={unread > 0 ? undefined : t('nav.openMenu')}
          onClick={() => {
            setDrawerOpen(true);
            setDrawerOpened(true);
          }}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
          {unread > 0 && (
            <Box component="span" sx={visuallyHidden}>
              {t('nav.openMenu')} ({t('nav.unreadAnswers', { count: unread })})
            </Box>
          )}
          {unread > 0 && (
            <Box
              component="span"
              aria-hidden="true"
              data-testid="nav-menu-unread"
              sx={{ position: 'absolute', top: 2, right: 0, minWidth: 18, px: 0.5, borderRadius: 9, bgcolor: 'error.main', color: 'error.contrastText', fontSize: 11, fontWeight: 700, lineHeight: '18px' }}
            >
              {unread}
            </Box>
          )}
        </IconButton>
        <Typography
          variant="h6"
          component={RouterLink}
          to={paths.home.getHref()}
          data-testid="nav-home"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 2, whiteSpace: 'nowrap' }}
        >
          {t('nav.brand')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {links.map((link) => (
            <Button key={link.key} color="inherit" data-testid={link.testId} {...linkProps(link)}>
              {link.label}
            </Button>
          ))}
          {groups.map((group) => (
            <DesktopGroup key={group.key} group={group} />
          ))}
          {user ? (
            <Button color="inherit" data-testid={signOut.testId} {...linkProps(signOut)}>
              {signOut.label}
            </Button>
          ) : (
            <>
              <Button color="inherit" variant="outlined" data-testid={signIn.testId} {...linkProps(signIn)}>
                {signIn.label}
              </Button>
              <Button color="inherit" data-testid={signUp.testId} {...linkProps(signUp)}>
                {signUp.label}
              </Button>
            </>
          )}
        </Box>
        <LanguageToggle />
      </Toolbar>
      {drawerOpened && <NavDrawer open={drawerOpen} onClose={close} links={links} groups={groups} session={user ? [signOut] : [signIn, signUp]} />}
    </AppBar>
  );
}
