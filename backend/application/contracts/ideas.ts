import { z } from 'zod';
import { skillLevels, timelines } from './idea-options';
import { text } from './text';

/** Idea generation and idea sets (member-product §3, §7). Shared by the server and the React app. */

export const categorySchema = z.object({
  /** Category key, e.g. fiverr, online, offline, social (prompt builder's categories text). */
  id: z.string(),
  name: z.string(),
  color: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const ideaSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  /** A category id. */
  category: z.string(),
  industry: z.string(),
  method: z.string(),
  pricing: z.string(),
});
export type Idea = z.infer<typeof ideaSchema>;

/** What the model (or the offline generator) must produce; parsed from the streamed text. */
export const generatedIdeasSchema = z.object({
  categories: z.array(categorySchema).min(1),
  ideas: z.array(ideaSchema).min(1),
  personalized: z.boolean().default(false),
});
export type GeneratedIdeas = z.infer<typeof generatedIdeasSchema>;

export { skillLevels, timelines };

/** Pro-only fields are accepted from anyone and ignored on the server unless the caller is pro. */
export const generateIdeasRequestSchema = z.object({
  skill: text({ max: 2000, tooLong: 'Please describe your skill in at most 2000 characters' }).trim().min(1, 'No skill provided'),
  niches: z.array(text({ max: 200 })).max(20).optional(),
  skillLevel: z.enum(skillLevels).optional(),
  availableHours: z.number().int().min(1).max(40).optional(),
  incomeGoal: z.number().int().min(100).max(10000).optional(),
  timeline: z.enum(timelines).optional(),
  platforms: z.array(text({ max: 200 })).max(20).optional(),
  regionFocus: text({ max: 200 }).optional(),
  languages: z.array(text({ max: 100 })).max(20).optional(),
});
export type GenerateIdeasRequest = z.infer<typeof generateIdeasRequestSchema>;

export const generatorKinds = ['openai', 'offline'] as const;
export type GeneratorKind = (typeof generatorKinds)[number];

export const ideaStreamErrorTypes = ['timeout', 'rate_limit', 'parse_error', 'validation_error', 'unavailable'] as const;

/** A piece of the AI's text as it writes; `generator` says from the first chunk whether a model or the offline generator writes. */
export const ideaStreamChunkSchema = z.object({
  content: z.string(),
  generator: z.enum(generatorKinds).optional(),
});

/** The last message of a failed generation. */
export const ideaStreamErrorSchema = z.object({
  error: z.string(),
  errorType: z.enum(ideaStreamErrorTypes).optional(),
  limitReached: z.boolean().optional(),
  code: z.string().optional(),
  upgradeRequired: z.boolean().optional(),
});

/**
 * The last message of a generation that succeeded: the parsed ideas, the member's stored set, and
 * (visitors only) `trialToken`, to hand to `POST /api/idea-sets/save-pending` after sign-up.
 */
export const ideaStreamDoneSchema = z.object({
  done: z.literal(true),
  ideaSetId: z.string().optional(),
  ideas: generatedIdeasSchema,
  generator: z.enum(generatorKinds),
  trialToken: z.string().optional(),
});

/**
 * One `data: <json>` message of POST /api/generate-ideas-stream. The wire format has no shared tag
 * field, so each shape is told apart by the key only it requires (`content`, `error`, `done`);
 * zod's `discriminatedUnion` needs a tag with a literal value in every shape, and adding one would
 * change the bytes clients read.
 */
export const ideaStreamMessageSchema = z.union([ideaStreamChunkSchema, ideaStreamErrorSchema, ideaStreamDoneSchema]);
export type IdeaStreamMessage = z.infer<typeof ideaStreamMessageSchema>;
export type IdeaStreamChunk = z.infer<typeof ideaStreamChunkSchema>;
export type IdeaStreamError = z.infer<typeof ideaStreamErrorSchema>;
export type IdeaStreamDone = z.infer<typeof ideaStreamDoneSchema>;

/** A category as a client sends it: every field bounded. */
export const categoryInputSchema = z.object({
  id: text({ max: 50 }),
  name: text({ max: 100 }),
  color: text({ max: 50 }),
});

/** An idea as a client sends it: every field bounded, so a saved set stays small (about 60 KB at most). */
export const ideaInputSchema = z.object({
  id: text({ max: 100 }),
  title: text({ max: 200 }),
  subtitle: text({ max: 300 }),
  description: text({ max: 1000 }),
  category: text({ max: 50 }),
  industry: text({ max: 200 }),
  method: text({ max: 500 }),
  pricing: text({ max: 200 }),
});

/** Most ideas and categories one set may hold (generated sets have about ten ideas in four categories). */
export const MAX_IDEAS_PER_SET = 20;
export const MAX_CATEGORIES_PER_SET = 10;

export const saveIdeaSetRequestSchema = z.object({
  skill: text({ max: 2000, tooLong: 'Please describe your skill in at most 2000 characters' }).trim().min(1, 'No skill provided'),
  categories: z.array(categoryInputSchema).min(1).max(MAX_CATEGORIES_PER_SET, `An idea set has at most ${MAX_CATEGORIES_PER_SET} categories`),
  ideas: z.array(ideaInputSchema).min(1).max(MAX_IDEAS_PER_SET, `An idea set has at most ${MAX_IDEAS_PER_SET} ideas`),
  personalized: z.boolean().optional(),
});

export const ideaSetSchema = z.object({
  id: z.string(),
  skill: z.string(),
  categories: z.array(categorySchema),
  ideas: z.array(ideaSchema),
  personalized: z.boolean(),
  createdAt: z.string(),
});
export type IdeaSet = z.infer<typeof ideaSetSchema>;

/**
 * POST /api/idea-sets/save-pending. `trialToken` comes from the trial stream's `done` message;
 * the server saves the ideas it generated under that token. Without it, `skill` and `ideas`
 * (spec §7) find the result the server generated in this browser (its trial cookie; by skill and
 * idea titles); the server's copy is saved, never the posted one, and only into an account
 * created after the trial.
 */
export const savePendingIdeasRequestSchema = z.object({
  trialToken: text({ max: 200, tooLong: 'The trial token is not valid' }).optional(),
  skill: text({ max: 2000 }).optional(),
  categories: z.array(categoryInputSchema).max(MAX_CATEGORIES_PER_SET).optional(),
  ideas: z.array(ideaInputSchema).max(MAX_IDEAS_PER_SET).optional(),
});
export type SavePendingIdeasRequest = z.infer<typeof savePendingIdeasRequestSchema>;

export const IDEA_SETS_PAGE_DEFAULT = 10;
export const IDEA_SETS_PAGE_MAX = 20;

/** GET /api/idea-sets query: `limit` (default 10, at most 20) and the `cursor` of the previous page's `x-next-cursor`. */
export const ideaSetsPageQuerySchema = z.object({
  limit: text({ max: 4 })
    .regex(/^\d+$/, 'limit must be a whole number')
    .refine((v) => Number(v) >= 1 && Number(v) <= IDEA_SETS_PAGE_MAX, `limit must be between 1 and ${IDEA_SETS_PAGE_MAX}`)
    .optional(),
  cursor: text({ max: 200, tooLong: 'The cursor is not valid' }).optional(),
});
