import { createContactMessages } from '../../application/contact/contact-messages';
import { readContactContent } from '../../application/content/contact-content';
import { createAdminImages } from '../../application/content/admin-images';
import type { Platform } from './platform';
import { contactMessagesEraser } from '../../application/contact/contact-messages';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

/**
 * Public pages with in-place editing (company, contact; issue 34): contact messages, and the
 * images admins upload (blog posts, platform logos, founders).
 */
export function sitePagesContext(platform: Platform) {
  const { database, clock, ids, mailer, logger, files, pictures } = platform;
  const db = database.db;
  return {
    contactMessages: createContactMessages({
      db,
      clock,
      ids,
      mailer,
      log: logger.child({ component: 'contact' }),
      notifyAddress: async () => (await readContactContent(db)).emailValue,
      publicUrl: platform.config.PUBLIC_URL,
    }),
    adminImages: createAdminImages({ files, pictures, ids }),
  };
}

/** The public site's slice: its pages, homepage copy, FAQ, platform directory and contact form. */
export const sitePagesSlice = defineSlice({
  name: 'site-pages',
  context: (platform) => sitePagesContext(platform),
  routeFolders: ['site-pages', 'homepage-content', 'faqs', 'skilly-urls', 'forms'],
  erasers: (platform) => [contactMessagesEraser(platform.database.db)],
  tablesWithoutPersonalData: {
    site_content: 'the homepage copy; its last editor by account id only',
    platform_links: 'the public platform directory an admin keeps; who wrote a link is not kept',
    faqs: 'the public FAQ an admin keeps; who wrote an answer is not kept',
    contact_sends: 'contact form counts per client IP address and day, never tied to an account',
  },
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    getHomepageContent: callers.everyone,
    saveHomepageContent: callers.admins,
    // Platforms and FAQs (issue 33): admins keep them, everyone reads them on /faqs.
    listPlatformLinks: callers.everyone,
    listAdminPlatformLinks: callers.admins,
    addPlatformLink: callers.admins,
    replacePlatformLink: callers.admins,
    deletePlatformLink: callers.admins,
    listFaqs: callers.everyone,
    listAdminFaqs: callers.admins,
    addFaq: callers.admins,
    updateFaq: callers.admins,
    deleteFaq: callers.admins,
    // Public pages (issue 34): company and contact texts, the contact form; admins edit them in place.
    getCompanyContent: callers.everyone,
    getContactContent: callers.everyone,
    sendContactMessage: callers.everyone,
    saveCompanyContent: callers.admins,
    saveContactContent: callers.admins,
    uploadFounderImage: callers.admins,
    listContactMessages: callers.admins,
  },
});
