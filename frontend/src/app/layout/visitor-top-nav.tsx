import { type MouseEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { PlainButton, PlainCollapse, PlainTag } from '../../components/plain/plain-ui';
import { scrollToAnchor } from '../../lib/scroll';
import { useTheme } from '../../lib/use-theme';
import { type NavLinkItem, navLinksFor } from './nav-links';

/** Where the page is: what the server rendered for, or the app's router location. */
export interface VisitorTopNavProps {
  pathname: string;
  search: string;
  hash: string;
  /** In the app: navigate without reloading (a plain click on a link). A public page's island has none: links are normal navigations. */
  onNavigate?: (to: string) => void;
}

function isActive(item: NavLinkItem, { pathname, search, hash }: VisitorTopNavProps) {
  if (item.anchor) return false;
  if (item.exact) return pathname === item.to && !hash && !search.includes('editMode');
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A link with Blueprint's button look (as RouterButton renders it). */
function NavLink({
  to,
  className,
  onClick,
  children,
}: {
  to: string;
  className: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: string;
}) {
  return (
    <a role="link" className={className} href={to} tabIndex={0} aria-disabled="false" onClick={onClick}>
      <span className="bp6-button-text">{children}</span>
    </a>
  );
}

function ThemeButton() {
  const [theme, setTheme] = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return <PlainButton minimal icon={theme === 'dark' ? 'flash' : 'moon'} aria-label={label} title={label} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')} />;
}

/**
 * The top navigation a visitor sees (spec §2), with no Blueprint or router code: the top bar
 * island of the public pages (lib/islands), also shown by the app's TopNav to a visitor.
 */
export function VisitorTopNav(props: VisitorTopNavProps) {
  const { pathname, onNavigate } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navLinksFor(null);

  const follow = (to: string, anchor?: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // The open phone menu is part of the sticky bar and pushes the page down: it is closed (and
    // the page laid out without it) before scrolling, or the section would land the menu's
    // height above where it should.
    flushSync(() => setMenuOpen(false));
    if (!plainClick(event)) return;
    // On the welcome page the anchors scroll smoothly instead of navigating (spec §2).
    if (anchor && pathname === '/' && scrollToAnchor(anchor)) {
      event.preventDefault();
      return;
    }
    if (onNavigate) {
      event.preventDefault();
      onNavigate(to);
    }
  };

  const navItems = (vertical: boolean) =>
    items.map((item) => (
      <NavLink
        key={item.to}
        to={item.to}
        onClick={follow(item.to, item.anchor)}
        className={['bp6-button', isActive(item, props) ? 'bp6-active' : '', vertical ? 'bp6-align-left bp6-fill' : '', 'bp6-minimal nav-link']
          .filter(Boolean)
          .join(' ')}
      >
        {item.label}
      </NavLink>
    ));
  const authButtons = (vertical: boolean) => (
    <>
      <NavLink to="/auth?tab=signin" onClick={follow('/auth?tab=signin')} className={vertical ? 'bp6-button bp6-fill bp6-outlined' : 'bp6-button bp6-minimal'}>
        Login
      </NavLink>
      <NavLink to="/auth?tab=signup" onClick={follow('/auth?tab=signup')} className={vertical ? 'bp6-button bp6-fill bp6-intent-primary' : 'bp6-button bp6-intent-primary'}>
        Sign Up
      </NavLink>
    </>
  );

  return (
    <header className="top-nav">
      <div className="bp6-navbar top-nav-bar">
        <div className="top-nav-inner">
          <div className="bp6-navbar-group bp6-align-left nav-brand-group">
            <a className="nav-brand" aria-label="Skilly home" href="/" onClick={follow('/')}>
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <span className="brand-name">Skilly</span>
            </a>
            <PlainTag intent="primary" className="beta-tag">
              Beta
            </PlainTag>
          </div>
          <div className="bp6-navbar-group bp6-align-right nav-desktop">
            <nav aria-label="Main" className="nav-links">
              {navItems(false)}
            </nav>
            <ThemeButton />
            {authButtons(false)}
          </div>
          <div className="bp6-navbar-group bp6-align-right nav-mobile">
            <ThemeButton />
            <PlainButton minimal icon={menuOpen ? 'cross' : 'menu'} aria-expanded={menuOpen} aria-controls="mobile-menu" onClick={() => setMenuOpen(!menuOpen)}>
              Menu
            </PlainButton>
          </div>
        </div>
      </div>
      <PlainCollapse isOpen={menuOpen} className="nav-mobile-collapse">
        <nav id="mobile-menu" aria-label="Main (small screens)" className="nav-mobile-panel">
          {navItems(true)}
          <div className="nav-mobile-auth">{authButtons(true)}</div>
        </nav>
      </PlainCollapse>
    </header>
  );
}
