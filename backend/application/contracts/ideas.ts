import { z } from 'zod';

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

export const skillLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const timelines = ['7-days', '30-days', '60-days', '90-days'] as const;

/** Pro-only fields are accepted from anyone and ignored on the server unless the caller is pro. */
export const generateIdeasRequestSchema = z.object({
  skill: z.string().trim().min(1, 'No skill provided').max(2000, 'Please describe your skill in at most 2000 characters'),
  niches: z.array(z.string().max(200)).max(20).optional(),
  skillLevel: z.enum(skillLevels).optional(),
  availableHours: z.number().int().min(1).max(40).optional(),
  incomeGoal: z.number().int().min(100).max(10000).optional(),
  timeline: z.enum(timelines).optional(),
  platforms: z.array(z.string().max(200)).max(20).optional(),
  regionFocus: z.string().max(200).optional(),
  languages: z.array(z.string().max(100)).max(20).optional(),
});
export type GenerateIdeasRequest = z.infer<typeof generateIdeasRequestSchema>;

/** One `data:` line of the stream. Exactly one of the shapes per line. */
export type IdeaStreamMessage =
  /** `generator` says from the first chunk whether a model or the offline generator writes. */
  | { content: string; generator?: 'openai' | 'offline' }
  | { error: string; errorType?: 'timeout' | 'rate_limit' | 'parse_error' | 'validation_error' | 'unavailable'; limitReached?: boolean; code?: string; upgradeRequired?: boolean }
  | { done: true; ideaSetId?: string; ideas?: GeneratedIdeas; generator: 'openai' | 'offline' };

export const saveIdeaSetRequestSchema = z.object({
  skill: z.string().trim().min(1, 'No skill provided').max(2000),
  categories: z.array(categorySchema).min(1).max(20),
  ideas: z.array(ideaSchema).min(1).max(100),
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
