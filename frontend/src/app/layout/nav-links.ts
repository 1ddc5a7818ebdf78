import type { User } from '@contracts/auth';
import { isAdmin } from '../../lib/auth/roles';

export type NavLinkItem = {
  label: string;
  to: string;
  /** In-page section of the welcome page, scrolled to smoothly when already there. */
  anchor?: string;
  badge?: 'support';
  exact?: boolean;
};

/** Spec §2 top navigation per role. */
export function navLinksFor(user: User | null): NavLinkItem[] {
  const common: NavLinkItem[] = [
    { label: 'FAQs', to: '/faqs' },
    { label: 'Blog', to: '/blog' },
  ];
  if (!user) {
    return [
      { label: 'Welcome', to: '/', exact: true },
      { label: 'How it works', to: '/#how-it-works', anchor: 'how-it-works' },
      { label: 'Pricing', to: '/#pricing', anchor: 'pricing' },
      ...common,
    ];
  }
  if (isAdmin(user)) {
    return [{ label: 'Homepage', to: '/?editMode=true' }, ...common];
  }
  return [
    { label: 'Ideas', to: '/ideas' },
    { label: 'My Plans', to: '/plans' },
    { label: 'Support', to: '/support', badge: 'support' },
    ...common,
  ];
}
