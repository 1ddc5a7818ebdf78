import type { User } from '@contracts/auth';

export const isAdmin = (user: User | null | undefined) => user?.role === 'admin';
export const isStaff = (user: User | null | undefined) => user?.role === 'admin' || user?.role === 'moderator';
export const isPro = (user: User | null | undefined) => user?.role === 'pro';

/** Spec §2 upgrade link: /upsell when signed in, /auth?redirect=/upsell when signed out. */
export const upgradeHref = (user: User | null | undefined) => (user ? '/upsell' : '/auth?redirect=/upsell');
