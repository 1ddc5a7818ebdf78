import { z } from 'zod';
import { platformCategories } from './platform-categories';
import { text } from './text';

/**
 * Platform links (back-office §2 Platforms tab, §3 Resource link, §5, §7, §9): the directory of
 * places to earn that the admin keeps and the public /faqs page lists. Shared by the server and
 * the React app.
 */

export { categoryColour, categoryPalette, platformCategories, type CategoryColour, type PlatformCategory } from './platform-categories';

export const PLATFORM_NAME_MAX = 120;
export const PLATFORM_URL_MAX = 2048;
export const PLATFORM_DESCRIPTION_MAX = 2000;

/** An absolute http(s) address (the same rule as the UI's `isWebLink`). */
export const isHttpUrl = (url: string) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url);
/**
 * A logo is an https address or a file this server stores (an upload's answer): the pages' CSP
 * (`img-src 'self' data: blob: https:`) would never show an http: image.
 */
export const isLogoUrl = (url: string) =>
  /^https:\/\/[^\s/?#]+[^\s]*$/i.test(url) || /^\/api\/files\/[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/.test(url);

/** POST /api/admin/skilly-urls and PUT /api/admin/skilly-urls/{id}: the whole link. */
export const platformLinkRequestSchema = z.object({
  platformName: text({ max: PLATFORM_NAME_MAX, required: 'Platform name is required', tooLong: `A platform name has at most ${PLATFORM_NAME_MAX} characters` })
    .trim()
    .min(1, 'Platform name is required'),
  category: text({ max: 100, required: 'Category is required' })
    .trim()
    .min(1, 'Category is required')
    .refine((value) => (platformCategories as readonly string[]).includes(value), 'Please choose one of the platform categories'),
  url: text({ max: PLATFORM_URL_MAX, required: 'URL is required', tooLong: `A URL has at most ${PLATFORM_URL_MAX} characters` })
    .trim()
    .min(1, 'URL is required')
    .refine(isHttpUrl, 'The URL must start with http:// or https://'),
  logoUrl: text({ max: PLATFORM_URL_MAX, tooLong: `A logo address has at most ${PLATFORM_URL_MAX} characters` })
    .trim()
    .refine((value) => value === '' || isLogoUrl(value), 'The logo must be an https address or an uploaded image')
    .nullish()
    .transform((value) => value || null),
  description: text({ max: PLATFORM_DESCRIPTION_MAX, tooLong: `A description has at most ${PLATFORM_DESCRIPTION_MAX} characters` })
    .trim()
    .nullish()
    .transform((value) => value || null),
});
export type PlatformLinkRequest = z.input<typeof platformLinkRequestSchema>;
export type PlatformLinkInput = z.output<typeof platformLinkRequestSchema>;

export const platformLinkSchema = z.object({
  id: z.string(),
  platformName: z.string(),
  category: z.string(),
  url: z.string(),
  logoUrl: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type PlatformLinkDto = z.infer<typeof platformLinkSchema>;
export const platformLinkListSchema = z.array(platformLinkSchema);

export const platformLinkIdParamsSchema = z.object({
  id: text({ max: 100, tooLong: 'Resource link not found' }).trim().min(1, 'The resource link id is required'),
});
