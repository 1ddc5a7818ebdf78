import { z } from 'zod';
import { text } from './text';

/**
 * FAQs (back-office §2 FAQs tab and /faqs page, §3 FAQ, §5, §7): questions and answers the admin
 * keeps, shown by display order (lower first). Shared by the server and the React app.
 */

export const FAQ_QUESTION_MAX = 500;
export const FAQ_ANSWER_MAX = 10_000;
export const FAQ_ORDER_MIN = -1_000_000;
export const FAQ_ORDER_MAX = 1_000_000;

const question = text({ max: FAQ_QUESTION_MAX, required: 'Question is required', tooLong: `A question has at most ${FAQ_QUESTION_MAX} characters` })
  .trim()
  .min(1, 'Question is required');
const answer = text({ max: FAQ_ANSWER_MAX, required: 'Answer is required', tooLong: `An answer has at most ${FAQ_ANSWER_MAX} characters` })
  .trim()
  .min(1, 'Answer is required');
/** §5: display order is an integer (the form parses it), 0 when not given. */
const orderIndex = z
  .number({ error: 'Display order must be a whole number' })
  .int('Display order must be a whole number')
  .min(FAQ_ORDER_MIN, `Display order must be between ${FAQ_ORDER_MIN} and ${FAQ_ORDER_MAX}`)
  .max(FAQ_ORDER_MAX, `Display order must be between ${FAQ_ORDER_MIN} and ${FAQ_ORDER_MAX}`);

/** POST /api/admin/faqs */
export const createFaqRequestSchema = z.object({
  question,
  answer,
  orderIndex: orderIndex.nullish().transform((value) => value ?? 0),
});
export type CreateFaqRequest = z.input<typeof createFaqRequestSchema>;

/** PATCH /api/admin/faqs/{id}: the fields given change; a given question or answer may not be blank. */
export const updateFaqRequestSchema = z.object({
  question: question.optional(),
  answer: answer.optional(),
  orderIndex: orderIndex.nullish().transform((value) => value ?? undefined),
});
export type UpdateFaqRequest = z.input<typeof updateFaqRequestSchema>;

export const faqSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  orderIndex: z.number().int(),
  createdAt: z.string(),
});
export type FaqDto = z.infer<typeof faqSchema>;
export const faqListSchema = z.array(faqSchema);

export const faqIdParamsSchema = z.object({
  id: text({ max: 100, tooLong: 'FAQ not found' }).trim().min(1, 'The FAQ id is required'),
});
