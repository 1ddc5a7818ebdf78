import { z } from 'zod';
import { text } from './text';

/** Back-office §3 Blog post status: draft by default; scheduled needs a publish date. */
export const blogPostStatuses = ['draft', 'scheduled', 'published'] as const;
export type BlogPostStatus = (typeof blogPostStatuses)[number];

export const BLOG_TITLE_MAX = 200;
/** A slug is a path segment of /blog/{slug} and /api/blog-posts/{slug}: within fastify's 100-character parameter limit. */
export const BLOG_SLUG_MAX = 100;
export const BLOG_EXCERPT_MAX = 1000;
export const BLOG_CATEGORY_MAX = 60;
export const BLOG_IMAGE_URL_MAX = 2000;
/** Stored HTML, after sanitising (a long article with a few inline image URLs). */
export const BLOG_CONTENT_MAX = 200_000;
/** The multipart field of POST /api/admin/blog-images/upload, and its size limit. */
export const BLOG_IMAGE_FIELD = 'image';
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const onlyImagesMessage = 'Only image files are allowed';

/**
 * The URL slug of a title (§2 Blog tab): lowercased, every run of characters other than a–z and
 * 0–9 becomes one hyphen, hyphens at either end are trimmed. The admin form and the server use
 * this one function, so a slug typed by hand is normalised the same way.
 */
export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_SLUG_MAX)
    .replace(/-+$/, '');
}

/**
 * A featured or inline image: an https URL or a file this product serves (`/api/files/…`). The
 * pages' CSP (`img-src 'self' data: blob: https:`) would never show an http: image.
 */
export function isBlogImageUrl(value: string): boolean {
  if (value.startsWith('/api/files/')) return !value.includes('..');
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export const blogPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** Sanitised HTML (see application/blog/blog-html.ts). */
  content: z.string(),
  excerpt: z.string(),
  category: z.string(),
  featuredImage: z.string(),
  status: z.enum(blogPostStatuses),
  /** ISO date-time; null for a draft without one. */
  publishDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Always 0: the product has no comments (§3 lists the field). */
  commentsCount: z.number().int(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** What visitors read: the post without its author. */
export const blogPostListSchema = z.array(blogPostSchema);

const imageUrl = text({ max: BLOG_IMAGE_URL_MAX, tooLong: `An image URL has at most ${BLOG_IMAGE_URL_MAX} characters` })
  .trim()
  .refine((value) => value === '' || isBlogImageUrl(value), 'The featured image must be an https URL or an uploaded image');

const isoDateTime = z.iso.datetime({ offset: true });
/** An ISO date-time, or '' or null for none (one string type, so the OpenAPI document stays plain). */
const publishDate = text({ max: 40, tooLong: 'Publish date must be a date and time' })
  .refine((value) => value === '' || isoDateTime.safeParse(value).success, 'Publish date must be a date and time')
  .nullable()
  .transform((value) => (value ? value : null));

const fields = {
  title: text({ max: BLOG_TITLE_MAX, required: 'Title is required', tooLong: `A title has at most ${BLOG_TITLE_MAX} characters` })
    .trim()
    .min(1, 'Title is required'),
  slug: text({ max: BLOG_SLUG_MAX, tooLong: `A slug has at most ${BLOG_SLUG_MAX} characters` }).trim(),
  content: text({ max: BLOG_CONTENT_MAX, required: 'Content is required', tooLong: 'The content is too long' })
    .trim()
    .min(1, 'Content is required'),
  excerpt: text({ max: BLOG_EXCERPT_MAX, tooLong: `An excerpt has at most ${BLOG_EXCERPT_MAX} characters` }).trim(),
  category: text({ max: BLOG_CATEGORY_MAX, tooLong: `A category has at most ${BLOG_CATEGORY_MAX} characters` }).trim(),
  featuredImage: imageUrl,
  status: z.enum(blogPostStatuses, { error: 'Status must be draft, scheduled or published' }),
  publishDate,
};

/** POST /api/admin/blog-posts. The slug is derived from the title when absent or blank. */
export const createBlogPostRequestSchema = z.object({
  title: fields.title,
  slug: fields.slug.optional(),
  content: fields.content,
  excerpt: fields.excerpt.optional(),
  category: fields.category.optional(),
  featuredImage: fields.featuredImage.optional(),
  status: fields.status.optional(),
  publishDate: publishDate.optional(),
});
export type CreateBlogPostRequest = z.input<typeof createBlogPostRequestSchema>;

/** PATCH /api/admin/blog-posts/{id}: the fields sent change; a blank slug is derived from the title again. */
export const updateBlogPostRequestSchema = createBlogPostRequestSchema.partial();
export type UpdateBlogPostRequest = z.input<typeof updateBlogPostRequestSchema>;

export const blogPostIdParamsSchema = z.object({ id: z.string().max(64) });
export const blogPostSlugParamsSchema = z.object({ slug: z.string().max(BLOG_SLUG_MAX) });

export const uploadBlogImageResponseSchema = z.object({ url: z.string() });
