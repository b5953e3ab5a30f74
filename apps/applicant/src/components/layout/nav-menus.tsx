import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { linkProps, type NavGroup, type NavLink } from './nav-links';

// The nav's menus and drawer: shown only when opened, so loaded lazily
// (nav-bar.tsx), with the popover, modal and focus trap they need.

/** The menu of a group of the desktop nav. */
export function GroupMenu({ id, group, anchor, onClose }: { id: string; group: NavGroup; anchor: HTMLElement | null; onClose: () => void }) {
  return (
    <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {group.items.map((item) => (
        <MenuItem key={item.key} data-testid={item.testId} onClick={onClose} {...linkProps(item)}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

export type NavDrawerProps = {
  open: boolean;
  onClose: () => void;
  links: NavLink[];
  groups: NavGroup[];
  /** sign in and sign up, or sign out, as the visitor is */
  session: NavLink[];
};

/** The phone's nav: every link and group in a drawer from the left. */
export function NavDrawer({ open, onClose, links, groups, session }: NavDrawerProps) {
  const { t } = useTranslation();
  const close = onClose;
  return (
    <Drawer anchor="left" open={open} onClose={close} data-testid="nav-drawer">
      <Box sx={{ width: 280, maxWidth: '85vw' }} role="presentation">
        <List>
          <ListItemButton component={RouterLink} to={paths.home.getHref()} onClick={close}>
            <ListItemText primary={t('nav.home')} />
          </ListItemButton>
          {links.map((link) => (
            <ListItemButton key={link.key} data-testid={link.testId} onClick={close} {...linkProps(link)}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
        </List>
        {groups.map((group) => (
          <List
            key={group.key}
            subheader={
              <ListSubheader data-testid={group.testId} sx={{ textTransform: 'none' }}>
                {group.label}
              </ListSubheader>
            }
          >
            {group.items.map((item) => (
              <ListItemButton key={item.key} data-testid={item.testId} onClick={close} {...linkProps(item)} sx={{ pl: 4 }}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        ))}
        <Divider />
        <List>
          {session.map((link) => (
            <ListItemButton key={link.key} data-testid={link.testId} onClick={close} {...linkProps(link)}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
