import { z } from 'zod';
import { text } from './text';

/**
 * A member's own account activity on /profile (issue 52): GET /api/user/activity?page=N, newest
 * first, `ACCOUNT_ACTIVITY_PAGE_SIZE` lines a page. Shared by the server and the React app.
 */
export const ACCOUNT_ACTIVITY_PAGE_SIZE = 20;

export const accountActivityQuerySchema = z.object({
  page: text({ max: 7 })
    .regex(/^\d+$/, 'page must be a whole number')
    .refine((value) => Number(value) >= 1 && Number(value) <= 100_000, 'page must be between 1 and 100000')
    .optional(),
});

export const accountActivityEntrySchema = z.object({
  id: z.string(),
  /** When it happened (ISO 8601). */
  at: z.string(),
  /** What happened, in words. */
  summary: z.string(),
  /** Who did it: "You", "Skilly support", "Billing" (the subscription) or "Skilly" (an automatic step). */
  by: z.string(),
  /** Why, as given; null when no reason was given. */
  reason: z.string().nullable(),
});
export type AccountActivityEntryDto = z.infer<typeof accountActivityEntrySchema>;

export const accountActivityResponseSchema = z.object({
  entries: z.array(accountActivityEntrySchema),
  page: z.number().int(),
  /** Whether older lines follow on the next page. */
  hasMore: z.boolean(),
});
export type AccountActivityResponse = z.infer<typeof accountActivityResponseSchema>;
