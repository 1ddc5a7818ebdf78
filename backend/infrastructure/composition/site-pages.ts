import { createContactMessages } from '../../application/contact/contact-messages';
import { readContactContent } from '../../application/content/contact-content';
import { createAdminImages } from '../../application/content/admin-images';
import type { Platform } from './platform';

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
