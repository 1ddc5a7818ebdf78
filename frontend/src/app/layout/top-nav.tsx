import './top-nav.css';
import { Alignment, Button, Collapse, Navbar, NavbarGroup, Tag } from '@blueprintjs/core';
import type { User } from '@contracts/auth';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { RouterButton } from '../../components/ui/router-button';
import { useUnreadCount } from '../../features/support/api/get-unread-count';
import { useAuth } from '../../lib/auth/auth-provider';
import { isStaff } from '../../lib/auth/roles';
import { scrollToAnchor } from '../../lib/scroll';
import { useTheme } from '../../lib/use-theme';
import { Island } from '../../lib/islands/island';
import { type NavLinkItem, navLinksFor } from './nav-links';
import { VisitorTopNav } from './visitor-top-nav';

// Only signed-in people see the user menu (a Blueprint popover): its code is not part of a visitor's first load.
const LazyUserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));
function UserMenu({ user }: { user: User }) {
  return (
    <Suspense fallback={null}>
      <LazyUserMenu user={user} />
    </Suspense>
  );
}

function isActive(item: NavLinkItem, pathname: string, search: string, hash: string) {
  if (item.anchor) return false;
  const [path, query] = item.to.split('?');
  if (query) return pathname === path && search.includes(query);
  if (item.exact) return pathname === path && !hash && !search.includes('editMode');
  return pathname === path || pathname.startsWith(`${path}/`);
}

function NavItems({ items, vertical, unread }: { items: NavLinkItem[]; vertical?: boolean; unread: number }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  const onClick = (item: NavLinkItem) => (event: MouseEvent<HTMLElement>) => {
    // On the welcome page the anchors scroll smoothly instead of navigating (spec §2).
    if (item.anchor && pathname === '/' && scrollToAnchor(item.anchor)) {
      event.preventDefault();
      navigate({ hash: '' }, { replace: true });
    }
  };

  return (
    <>
      {items.map((item) => (
        <RouterButton
          key={item.to}
          to={item.to}
          variant="minimal"
          alignText={vertical ? 'start' : undefined}
          fill={vertical}
          active={isActive(item, pathname, search, hash)}
          onClick={onClick(item)}
          className="nav-link"
        >
          {item.label}
          {item.badge === 'support' && unread > 0 ? (
            <Tag round intent="danger" className="nav-badge" aria-label={`${unread} unread`}>
              {unread > 99 ? '99+' : unread}
            </Tag>
          ) : null}
        </RouterButton>
      ))}
    </>
  );
}

function ThemeButton() {
  const [theme, setTheme] = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return <Button variant="minimal" icon={theme === 'dark' ? 'flash' : 'moon'} aria-label={label} title={label} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')} />;
}

export function TopNav() {
  const { user, isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // The small-screen menu is open for the address it was opened at, so choosing a link closes it.
  const here = `${location.pathname}${location.search}${location.hash}`;
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === here;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? here : null);
  const unread = useUnreadCount(isAuthenticated && !isStaff(user)).data ?? 0;
  const items = isLoading ? [] : navLinksFor(user);

  if (!isLoading && !user) {
    // A visitor's top bar is the public pages' island (no Blueprint or router code).
    const where = { pathname: location.pathname, search: location.search, hash: location.hash };
    return (
      <Island name="visitor-nav" props={where}>
        <VisitorTopNav {...where} onNavigate={(to) => navigate(to)} />
      </Island>
    );
  }

  const authButtons = (vertical?: boolean) => (
    <>
      <RouterButton to="/auth?tab=signin" variant={vertical ? 'outlined' : 'minimal'} fill={vertical} text="Login" />
      <RouterButton to="/auth?tab=signup" intent="primary" fill={vertical} text="Sign Up" />
    </>
  );

  return (
    <header className="top-nav">
      <Navbar className="top-nav-bar">
        <div className="top-nav-inner">
          <NavbarGroup align={Alignment.START} className="nav-brand-group">
            <Link to={isAuthenticated ? '/dashboard' : '/'} className="nav-brand" aria-label="Skilly home">
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <span className="brand-name">Skilly</span>
            </Link>
            <Tag minimal intent="primary" className="beta-tag">
              Beta
            </Tag>
          </NavbarGroup>
          <NavbarGroup align={Alignment.END} className="nav-desktop">
            <nav aria-label="Main" className="nav-links">
              <NavItems items={items} unread={unread} />
            </nav>
            {isLoading ? null : user ? (
              <UserMenu user={user} />
            ) : (
              <>
                <ThemeButton />
                {authButtons()}
              </>
            )}
          </NavbarGroup>
          <NavbarGroup align={Alignment.END} className="nav-mobile">
            {user ? <UserMenu user={user} /> : <ThemeButton />}
            {/* A phone shows the unread support replies on the Menu button too, not only inside the menu. */}
            <Button
              variant="minimal"
              icon={menuOpen ? 'cross' : 'menu'}
              text="Menu"
              aria-label={unread > 0 ? `Menu (unread support replies: ${unread})` : undefined}
              endIcon={
                unread > 0 ? (
                  <Tag round intent="danger" className="nav-badge" aria-hidden data-testid="menu-unread">
                    {unread > 99 ? '99+' : unread}
                  </Tag>
                ) : undefined
              }
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen(!menuOpen)}
            />
          </NavbarGroup>
        </div>
      </Navbar>
      <Collapse isOpen={menuOpen} className="nav-mobile-collapse">
        <nav id="mobile-menu" aria-label="Main (small screens)" className="nav-mobile-panel" onClick={(e) => {
          // A tap on an anchor that only scrolls does not change the location; close anyway.
          if ((e.target as HTMLElement).closest('a')) setMenuOpen(false);
        }}>
          <NavItems items={items} unread={unread} vertical />
          {!isLoading && !user ? <div className="nav-mobile-auth">{authButtons(true)}</div> : null}
        </nav>
      </Collapse>
    </header>
  );
}
