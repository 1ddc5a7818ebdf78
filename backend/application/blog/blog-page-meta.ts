import { blogPostMeta, blogPostNotFoundMeta, blogPostSlugOf, fixedPageMetaFor, type PageMeta } from '../contracts/page-meta';
import { DomainError } from '../../domain/shared/domain-error';
import type { BlogService } from './blog-posts';

/**
 * The title and description the server writes into a page path's HTML (contracts/page-meta.ts):
 * a blog post's are its own (title and excerpt) while visitors can read it; null for a path
 * that is no page.
 */
export function pageMetaReader(blog: Pick<BlogService, 'getPublic'>) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const slug = blogPostSlugOf(pathname);
    if (slug === null) return fixedPageMetaFor(pathname);
    try {
      return blogPostMeta(await blog.getPublic(slug));
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return blogPostNotFoundMeta;
      throw error;
    }
  };
}
