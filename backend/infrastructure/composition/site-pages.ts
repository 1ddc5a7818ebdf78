import { createContactMessages } from '../../application/contact/contact-messages';
import { readContactContent } from '../../application/content/contact-content';
import { createFounderImages } from '../../application/content/founder-images';
import { sharpPictureEncoder } from '../files/sharp-picture-encoder';
import type { Platform } from './platform';

/** Public pages with in-place editing (company, contact; issue 34): contact messages and founder images. */
export function sitePagesContext(platform: Platform) {
  const { database, clock, ids, mailer, logger, files } = platform;
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
    founderImages: createFounderImages({ files, pictures: sharpPictureEncoder(), ids }),
  };
}
