// The table type of `blog-posts.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.
import type { BlogPostStatus } from '../contracts/blog';

/** Blog posts, only their current version (`blog-posts.ts`). */
export interface BlogPostsTable {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  category: string;
  featured_image: string;
  status: BlogPostStatus;
  publish_date: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The admin who wrote the post (erased with the account: the Delete user dialog says so). */
  author_id: string;
}

export interface BlogTables {
  blog_posts: BlogPostsTable;
}
