import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { TeamSummary, User } from '../api/current-user';
import { PRODUCT_NAME } from '../lib/constants';
import { BidiText } from '../ui/bidi-text';
import { CloseIcon } from '../ui/icons';
import { UserAvatar } from '../ui/user-avatar';
import { ThemeToggle } from './theme-toggle';
import { ExternalCue, isCurrent, profileItems, profileLabel } from './shell-nav';
import { TeamSwitcher } from './team-switcher';
import type { NavItem } from './shell-nav';

/** Phones and tablets: one drawer holds the navigation, the team switcher and the profile menu. */
export function PhoneMenuDrawer({
  open,
  onClose: close,
  items,
  pathname,
  switcher,
  user,
  impersonating,
}: {
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  pathname: string;
  switcher: { teams: TeamSummary[]; activeId: string } | null;
  user: User | undefined;
  impersonating: boolean;
}) {
  const current = items.find((item) => isCurrent(item, pathname));
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={close}
      slotProps={{
        paper: { sx: { width: 'min(320px, 85vw)' }, role: 'dialog', 'aria-label': 'Menu' },
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
      >
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
          {PRODUCT_NAME}
        </Typography>
        <IconButton aria-label="Close the menu" onClick={close}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box component="nav" aria-label="Main">
        <List>
          {items.map((item) =>
            item.external ? (
              <ListItem key={item.label} disablePadding>
                <ListItemButton
                  component="a"
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={close}
                >
                  <ListItemText primary={item.label} />
                  <ExternalCue />
                </ListItemButton>
              </ListItem>
            ) : (
              <ListItem key={item.label} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  href={item.href}
                  selected={item === current}
                  aria-current={item === current ? 'page' : undefined}
                  onClick={close}
                  sx={{
                    borderLeft: 4,
                    borderColor: item === current ? 'primary.main' : 'transparent',
                  }}
                >
                  <ListItemText
                    primary={item.label}
                    slotProps={{ primary: { sx: { fontWeight: item === current ? 700 : 400 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ),
          )}
        </List>
      </Box>
      {switcher ? (
        <>
          <Divider />
          <Box sx={{ px: 2, py: 2 }}>
            <TeamSwitcher teams={switcher.teams} activeId={switcher.activeId} onSwitched={close} />
          </Box>
        </>
      ) : null}
      {/* Always there, even without a usable user answer: Log Out is never out of reach. */}
      <Divider />
      <List
        aria-label="Profile"
        subheader={
          user ? (
            <ListSubheader
              disableSticky
              sx={{ lineHeight: 1.4, py: 1.5, display: 'flex', gap: 1, alignItems: 'center' }}
            >
              <UserAvatar email={user.email} size={28} />
              <BidiText text={profileLabel(user, impersonating)} />
            </ListSubheader>
          ) : undefined
        }
      >
        {profileItems(user, impersonating).map((item) => (
          <ListItem key={item.label} disablePadding>
            <ListItemButton component={RouterLink} href={item.href} onClick={close}>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider />
      <ThemeToggle user={user} />
    </Drawer>
  );
}
