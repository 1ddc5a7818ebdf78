import { readJson, session } from './storage';

/**
 * What an anonymous visitor produced before signing up (spec §3 "Pending saved ideas" and "Pending plan"),
 * kept in session storage by the trial screens and consumed once after authentication.
 */
export type PendingIdeas = { skill: string; categories: unknown[]; ideas: unknown[] };
export type PendingPlan = { ideaTitle: string; ideaDescription: string; category: string; ideaId: string };

const IDEAS_KEY = 'skilly.pendingIdeas';
const PLAN_KEY = 'skilly.pendingPlan';
const REDIRECT_KEY = 'skilly.authRedirect';

export const pendingIdeas = {
  read: (): PendingIdeas | null => {
    const value = readJson<PendingIdeas>(session.get(IDEAS_KEY));
    return value && typeof value.skill === 'string' && Array.isArray(value.ideas) ? value : null;
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

/** The `redirect` query of /auth, remembered across tab switches and reloads until used. */
export const authRedirect = {
  read: () => session.get(REDIRECT_KEY),
  write: (value: string | null) => session.set(REDIRECT_KEY, value),
};
