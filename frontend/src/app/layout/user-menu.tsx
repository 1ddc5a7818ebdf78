import './user-menu.css';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { User } from '@contracts/auth';
import { useNavigate } from 'react-router-dom';
import { PictureAvatar } from '../../components/ui/picture-avatar';
import { useLogout } from '../../features/auth/api/logout';
import { useTheme } from '../../lib/use-theme';
import { toast, toastError } from '../../lib/toaster';

/** Spec §2 user menu: avatar (icon fallback), full name, email, Profile, Logout; plus the theme switch. */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const [theme, setTheme] = useTheme();
  // flushSync: the page must have left a protected route before the session is cleared. The toast is
  // raised here, not in mutate's own onSuccess: clearing the session unmounts this menu, and TanStack
  // Query drops the callbacks of a mutate call whose component has gone (the toast then never showed).
  const logout = useLogout({
    onLoggedOut: () => {
      navigate('/', { flushSync: true });
      toast({ title: 'Logged out', description: 'You have been logged out successfully' });
    },
  });
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  const onLogout = () => logout.mutate(undefined, { onError: () => toastError('Error', 'Failed to log out') });

  const menu = (
    <Menu className="user-menu" aria-label="User menu">
      <li className="user-menu-header">
        <PictureAvatar picture={user.profilePicture} size={40} className="user-avatar" />
        <div className="user-menu-identity">
          <div className="user-menu-name">{fullName}</div>
          <div className="user-menu-email">{user.email}</div>
        </div>
      </li>
      <MenuDivider />
      <MenuItem icon="user" text="Profile" onClick={() => navigate('/profile')} />
      <MenuItem
        icon={theme === 'dark' ? 'flash' : 'moon'}
        text={theme === 'dark' ? 'Light theme' : 'Dark theme'}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        shouldDismissPopover={false}
      />
      <MenuDivider />
      <MenuItem icon="log-out" text="Logout" intent="danger" onClick={onLogout} disabled={logout.isPending} />
    </Menu>
  );

  // Fixed to the viewport, as the sticky navigation is: positioned in the page, the menu moved after
  // every scroll (a frame late), so a click pressed before the move was released on whatever lay under it.
  return (
    <PopoverNext content={menu} placement="bottom-end" positioningStrategy="fixed">
      <Button variant="minimal" className="user-menu-trigger" aria-label={`Account menu for ${fullName}`} endIcon="caret-down">
        <PictureAvatar picture={user.profilePicture} size={28} className="user-avatar" />
      </Button>
    </PopoverNext>
  );
}
