import { sql, type Kysely, type Migration, type Selectable } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import type { PersonalDataEraser } from '../account/personal-data';
import {
  BLOG_SLUG_MAX,
  slugify,
  type BlogPost,
  type BlogPostStatus,
  type CreateBlogPostRequest,
  type UpdateBlogPostRequest,
} from '../contracts/blog';
import type { Database } from '../ports/database';
import type { Clock, IdGenerator } from '../ports/system';
import { hasBlogContent, sanitizeBlogHtml } from './blog-html';
import type { BlogPostsTable } from './blog-tables';
import type { BlogPostSnapshot } from '../../domain/admin-actions/admin-action';

/**
 * Blog posts (back-office §2 Blog tab, §3, §5; the public /blog pages): a plain table through
 * Kysely (design §2), not event-sourced. Only the current version of a post matters.
 */
export const blogPostsMigration: Migration = {
  async up(db) {
    await sql`
      create table blog_posts (
        id text primary key,
        title text not null,
        slug text not null unique,
        content text not null,
        excerpt text not null default '',
        category text not null default '',
        featured_image text not null default '',
        status text not null check (status in ('draft', 'scheduled', 'published')),
        publish_date timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        author_id text not null
      )`.execute(db);
    // The public list: what is visible at a time, newest first.
    await sql`create index blog_posts_public on blog_posts (status, publish_date desc)`.execute(db);
    await sql`create index blog_posts_author on blog_posts (author_id)`.execute(db);
  },
};

export const BlogPostNotFound = () => new DomainError('blog_post_not_found', 'not_found');
/** An undone deletion finds its slug taken by a post written since. */
export const BlogSlugTaken = (slug: string) => new DomainError('blog_slug_taken', 'conflict', { slug });
export const PublishDateRequired = () => new DomainError('publish_date_required', 'invalid');
export const BlogContentRequired = () => new DomainError('blog_content_required', 'invalid');
export const BlogTitleRequired = () => new DomainError('blog_title_required', 'invalid');

/** A title made only of punctuation has no slug of its own. */
const FALLBACK_SLUG = 'post';

type Row = Selectable<BlogPostsTable>;

function toPost(row: Row): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    category: row.category,
    featuredImage: row.featured_image,
    status: row.status,
    publishDate: row.publish_date ? new Date(row.publish_date).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    commentsCount: 0,
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The first free slug from `base`: `base`, then `base-2`, `base-3`, … (a post keeps its own slug
 * when it is saved again). Two posts with the same title both get saved, the second one's URL
 * told apart by its number, rather than the second save being refused.
 */
async function freeSlug(db: Kysely<Database>, base: string, ownId: string | null): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('blog_posts')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base.replaceAll('_', '\\_')}-%`)]))
        .$if(ownId !== null, (qb) => qb.where('id', '!=', ownId!))
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = numberedSlug(base, n);
    if (candidate.startsWith(`${base}-`)) {
      if (!taken.has(candidate)) return candidate;
      continue;
    }
    // The base was cut to make room for the number: outside the set read above, so asked for.
    const used = await db
      .selectFrom('blog_posts')
      .select('id')
      .where('slug', '=', candidate)
      .$if(ownId !== null, (qb) => qb.where('id', '!=', ownId!))
      .executeTakeFirst();
    if (!used) return candidate;
  }
}

/** `base-n`, the base cut (at a hyphen-free end) so the whole stays within the slug's bound. */
function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, BLOG_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** A published post is dated when it went public: a date still to come (a scheduled post published early) becomes now. */
const publishedBy = (status: BlogPostStatus, date: Date | null, now: Date): Date | null =>
  status === 'published' && (date === null || date > now) ? now : date;

/** The rules of §5 on a post's fields, whatever the request left out. */
function checked(post: {
  title: string;
  content: string;
  status: BlogPostStatus;
  publishDate: Date | null;
}) {
  if (post.title.trim() === '') throw BlogTitleRequired();
  if (!hasBlogContent(post.content)) throw BlogContentRequired();
  if (post.status === 'scheduled' && post.publishDate === null) throw PublishDateRequired();
}

export interface BlogServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: IdGenerator;
}

export function createBlogService({ db, clock, ids }: BlogServiceDeps) {
  /** Tries the insert or update with the first free slug; a save racing for the same slug takes the next one. */
  async function withFreeSlug<T>(base: string, ownId: string | null, save: (slug: string) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const slug = await freeSlug(db, base, ownId);
      try {
        return await save(slug);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  const baseSlug = (slug: string | undefined, title: string) => slugify(slug?.trim() ? slug : title) || FALLBACK_SLUG;
  const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

  return {
    /** Every post, newest first (the admin list). */
    async listAll(): Promise<BlogPost[]> {
      const rows = await db.selectFrom('blog_posts').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toPost);
    },

    async create(author: { userId: string }, request: CreateBlogPostRequest): Promise<BlogPost> {
      const now = clock.now();
      const status = request.status ?? 'draft';
      const content = sanitizeBlogHtml(request.content);
      // A post published without a date, or with one to come, is published now (the list shows when).
      const publishDate = publishedBy(status, dateOf(request.publishDate), now);
      checked({ title: request.title, content, status, publishDate });
      const id = ids.next();
      await withFreeSlug(baseSlug(request.slug, request.title), null, (slug) =>
        db
          .insertInto('blog_posts')
          .values({
            id,
            title: request.title.trim(),
            slug,
            content,
            excerpt: request.excerpt?.trim() ?? '',
            category: (request.category ?? '').trim().toUpperCase(),
            featured_image: request.featuredImage?.trim() ?? '',
            status,
            publish_date: publishDate,
            created_at: now,
            updated_at: now,
            author_id: author.userId,
          })
          .execute(),
      );
      return this.get(id);
    },

    async update(id: string, request: UpdateBlogPostRequest): Promise<BlogPost> {
      const row = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw BlogPostNotFound();
      const now = clock.now();
      const title = request.title?.trim() ?? row.title;
      const content = request.content === undefined ? row.content : sanitizeBlogHtml(request.content);
      const status = request.status ?? row.status;
      const publishDate = publishedBy(
        status,
        request.publishDate === undefined ? (row.publish_date ? new Date(row.publish_date) : null) : dateOf(request.publishDate),
        now,
      );
      checked({ title, content, status, publishDate });
      // The slug changes only when one is sent (blank: derived from the title again).
      const slugChange = request.slug === undefined ? null : baseSlug(request.slug, title);
      await withFreeSlug(slugChange ?? row.slug, id, (slug) =>
        db
          .updateTable('blog_posts')
          .set({
            title,
            slug: slugChange === null ? row.slug : slug,
            content,
            excerpt: request.excerpt === undefined ? row.excerpt : request.excerpt.trim(),
            category: request.category === undefined ? row.category : request.category.trim().toUpperCase(),
            featured_image: request.featuredImage === undefined ? row.featured_image : request.featuredImage.trim(),
            status,
            publish_date: publishDate,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute(),
      );
      return this.get(id);
    },

    async get(id: string): Promise<BlogPost> {
      const row = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw BlogPostNotFound();
      return toPost(row);
    },

    /** Deletes the post; answers it as it stood, author and slug included, for an undo (issue 53). */
    async remove(id: string): Promise<BlogPostSnapshot> {
      const row = await db.deleteFrom('blog_posts').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) throw BlogPostNotFound();
      const { id: postId, title, slug, content, excerpt, category, featuredImage, status, publishDate, createdAt, updatedAt } = toPost(row);
      return { id: postId, title, slug, content, excerpt, category, featuredImage, status, publishDate, createdAt, updatedAt, authorId: row.author_id };
    },

    /**
     * Puts a deleted post back as it stood (same id, slug, status and dates); false when it is
     * there already. A post written since at its slug keeps it (the slug's unique index decides).
     */
    async restore(post: BlogPostSnapshot): Promise<boolean> {
      const row = {
        id: post.id,
        title: post.title,
        slug: post.slug,
        content: post.content,
        excerpt: post.excerpt,
        category: post.category,
        featured_image: post.featuredImage,
        status: post.status as BlogPostStatus,
        publish_date: post.publishDate ? new Date(post.publishDate) : null,
        created_at: new Date(post.createdAt),
        updated_at: new Date(post.updatedAt),
        author_id: post.authorId,
      };
      try {
        const inserted = await db.insertInto('blog_posts').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
      } catch (error) {
        if (isUniqueViolation(error)) throw BlogSlugTaken(post.slug);
        throw error;
      }
    },

    /**
     * What visitors see now: published posts, and scheduled posts whose time has come (decided
     * at each read with the clock, so a scheduled post appears without anything running at its
     * time), newest publish date first; the first `limit` of them when given (the Atom feed).
     */
    async listPublic(limit?: number): Promise<BlogPost[]> {
      const rows = await visible(db, clock.now())
        .selectAll()
        .orderBy('publish_date', 'desc')
        .orderBy('created_at', 'desc')
        .$if(limit !== undefined, (qb) => qb.limit(limit!))
        .execute();
      return rows.map(toPost);
    },

    /** The same posts as `listPublic`, only their slugs and dates (the sitemap: no content read). */
    async listPublicLinks(): Promise<PublicBlogPostLink[]> {
      const rows = await visible(db, clock.now())
        .select(['slug', 'publish_date', 'updated_at'])
        .orderBy('publish_date', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        slug: row.slug,
        publishDate: row.publish_date ? new Date(row.publish_date).toISOString() : null,
        updatedAt: new Date(row.updated_at).toISOString(),
      }));
    },

    async getPublic(slug: string): Promise<BlogPost> {
      const row = await visible(db, clock.now()).selectAll().where('slug', '=', slug).executeTakeFirst();
      if (!row) throw BlogPostNotFound();
      return toPost(row);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;

/** A public post's address and dates (`listPublicLinks`). */
export type PublicBlogPostLink = Pick<BlogPost, 'slug' | 'publishDate' | 'updatedAt'>;

function visible(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('blog_posts')
    .where((eb) =>
      eb.or([eb('status', '=', 'published'), eb.and([eb('status', '=', 'scheduled'), eb('publish_date', '<=', now)])]),
    );
}

/** The Dashboard's blogPostsCount: posts visitors can read now. */
export async function countPublicBlogPosts(db: Kysely<Database>, now: Date): Promise<number> {
  const row = await visible(db, now).select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An erased account's posts go with it (back-office §2 Delete user dialog: "blog posts by the user"). */
export function blogPostsEraser(db: Kysely<Database>): PersonalDataEraser {
  return {
    tables: ['blog_posts'],
    async erase({ userId }) {
      await db.deleteFrom('blog_posts').where('author_id', '=', userId).execute();
    },
  };
}
