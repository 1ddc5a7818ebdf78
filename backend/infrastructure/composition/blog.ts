import { createBlogService } from '../../application/blog/blog-posts';
import { sharpPictureEncoder } from '../files/sharp-picture-encoder';
import type { Platform } from './platform';

/** The blog (issue 33): posts in a plain table, admin image uploads in the FileStore. */
export function blogContext(platform: Platform) {
  const { database, clock, ids, files } = platform;
  return { blog: createBlogService({ db: database.db, clock, ids, files, pictures: sharpPictureEncoder() }) };
}
