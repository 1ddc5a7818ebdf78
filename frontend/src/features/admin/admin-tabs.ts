import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** Back-office §2: the admin dashboard's tabs, by tab value, with their labels, in the order the tab bar shows them. */
export const adminTabLabels = {
  dashboard: 'Dashboard',
  'skilly-ai': 'Model',
  'prompt-builder': 'Skilly AI',
  urls: 'Platforms',
  members: 'Members',
  billing: 'Billing',
  faqs: 'FAQs',
  blog: 'Blog',
  support: 'Support',
  emails: 'Emails',
  prompts: 'Skilly Prompts',
} as const;

export type AdminTabValue = keyof typeof adminTabLabels;

export type AdminTab = {
  value: AdminTabValue;
  /** The tab's panel, its own chunk: fetched the first time the tab is opened. */
  panel: LazyExoticComponent<ComponentType>;
};

/**
 * The tabs that exist today, one line each: a slice that lands a tab adds its line here (the tab
 * bar orders them as §2 does). A tab whose issue has not landed is not listed, so it is not shown.
 */
export const adminTabs: readonly AdminTab[] = [
  { value: 'dashboard', panel: lazy(() => import('./dashboard-tab')) },
  { value: 'members', panel: lazy(() => import('./members/components/members-tab')) },
  { value: 'billing', panel: lazy(() => import('./billing/components/billing-tab')) },
  { value: 'support', panel: lazy(() => import('./support/components/support-desk')) },
  { value: 'skilly-ai', panel: lazy(() => import('./ai-config/components/model-tab')) },
  { value: 'prompt-builder', panel: lazy(() => import('./ai-config/components/prompt-builder-tab')) },
  { value: 'prompts', panel: lazy(() => import('./prompts/components/prompts-tab')) },
  { value: 'urls', panel: lazy(() => import('./platforms/components/platforms-tab')) },
  { value: 'faqs', panel: lazy(() => import('./faqs/components/faqs-tab')) },
  { value: 'blog', panel: lazy(() => import('./blog/components/blog-tab')) },
  { value: 'emails', panel: lazy(() => import('./emails/components/emails-tab')) },
];
