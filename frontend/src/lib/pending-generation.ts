import { type Category, categorySchema, type Idea, ideaSchema } from '@contracts/ideas';
import { z } from 'zod';
import { readJson, session } from './storage';

/**
 * What an anonymous visitor produced before signing up (spec §3 "Pending saved ideas" and "Pending plan"),
 * kept in session storage by the trial screens and consumed once after authentication. `trialToken`
 * comes from the trial stream's `done` message: with it the server saves the ideas it generated.
 */
export type PendingIdeas = { skill: string; categories: Category[]; ideas: Idea[]; trialToken?: string };
export type PendingPlan = { ideaTitle: string; ideaDescription: string; category: string; ideaId: string };

const pendingIdeasSchema = z.object({
  skill: z.string(),
  categories: z.array(categorySchema),
  ideas: z.array(ideaSchema),
  trialToken: z.string().optional(),
});

const IDEAS_KEY = 'skilly.pendingIdeas';
const GENERATED_KEY = 'skilly.generatedIdeas';
const PLAN_KEY = 'skilly.pendingPlan';
const REDIRECT_KEY = 'skilly.authRedirect';

export const pendingIdeas = {
  read: (): PendingIdeas | null => {
    const parsed = pendingIdeasSchema.safeParse(readJson<unknown>(session.get(IDEAS_KEY)));
    return parsed.success ? parsed.data : null;
  },
  write: (value: PendingIdeas) => session.set(IDEAS_KEY, JSON.stringify(value)),
  clear: () => session.set(IDEAS_KEY, null),
};

export const pendingPlan = {
  read: (): PendingPlan | null => {
    const value = readJson<PendingPlan>(session.get(PLAN_KEY));
    return value && typeof value.ideaTitle === 'string' && typeof value.ideaDescription === 'string' ? value : null;
  },
  write: (value: PendingPlan) => session.set(PLAN_KEY, JSON.stringify(value)),
  clear: () => session.set(PLAN_KEY, null),
};

/** Spec §4: /generating?type=plan with the idea's title, description, category and id. */
export function planGeneratingUrl(plan: PendingPlan): string {
  const query = new URLSearchParams({
    type: 'plan',
    ideaTitle: plan.ideaTitle,
    ideaDescription: plan.ideaDescription,
    category: plan.category,
    ideaId: plan.ideaId,
  });
  return `/generating?${query}`;
}

/**
 * The latest ideas generated in this tab, trial or member: the ideas list falls back to them when
 * the server cannot be read (spec §7). Forgotten at logout.
 */
export type GeneratedIdeaSet = PendingIdeas & { id: string; personalized: boolean; createdAt: string };

const generatedSchema = pendingIdeasSchema.extend({ id: z.string(), personalized: z.boolean(), createdAt: z.string() });

export const generatedIdeas = {
  read: (): GeneratedIdeaSet | null => {
    const parsed = generatedSchema.safeParse(readJson<unknown>(session.get(GENERATED_KEY)));
    return parsed.success ? parsed.data : null;
  },
  write: (value: GeneratedIdeaSet) => session.set(GENERATED_KEY, JSON.stringify(value)),
  clear: () => session.set(GENERATED_KEY, null),
};

/** The `redirect` query of /auth, remembered across tab switches and reloads until used. */
export const authRedirect = {
  read: () => session.get(REDIRECT_KEY),
  write: (value: string | null) => session.set(REDIRECT_KEY, value),
};
