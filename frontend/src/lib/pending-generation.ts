import type { Category, Idea } from '@contracts/ideas';
import { readJson, session } from './storage';

/**
 * What an anonymous visitor produced before signing up (spec §3 "Pending saved ideas" and "Pending plan"),
 * kept in session storage by the trial screens and consumed once after authentication. `trialToken`
 * comes from the trial stream's `done` message: with it the server saves the ideas it generated.
 */
export type PendingIdeas = { skill: string; categories: Category[]; ideas: Idea[]; trialToken?: string };
export type PendingPlan = { ideaTitle: string; ideaDescription: string; category: string; ideaId: string };

// Plain checks (no zod): the landing hero reads this on every first load.
const hasStrings = (value: unknown, keys: readonly string[]) =>
  typeof value === 'object' && value !== null && keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');
const categoryKeys = ['id', 'name', 'color'] as const;
const ideaKeys = ['id', 'title', 'subtitle', 'description', 'category', 'industry', 'method', 'pricing'] as const;

function asPendingIdeas(value: unknown): PendingIdeas | null {
  if (!hasStrings(value, ['skill'])) return null;
  const { skill, categories, ideas, trialToken } = value as Record<string, unknown>;
  if (!Array.isArray(categories) || !categories.every((category) => hasStrings(category, categoryKeys))) return null;
  if (!Array.isArray(ideas) || !ideas.every((idea) => hasStrings(idea, ideaKeys))) return null;
  if (trialToken !== undefined && typeof trialToken !== 'string') return null;
  const pick = <K extends string>(item: Record<string, unknown>, keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, item[key]])) as Record<K, string>;
  return {
    skill: skill as string,
    categories: categories.map((category) => pick(category, categoryKeys)),
    ideas: ideas.map((idea) => pick(idea, ideaKeys)),
    ...(trialToken !== undefined ? { trialToken: trialToken as string } : {}),
  };
}

const IDEAS_KEY = 'skilly.pendingIdeas';
const GENERATED_KEY = 'skilly.generatedIdeas';
const PLAN_KEY = 'skilly.pendingPlan';
const REDIRECT_KEY = 'skilly.authRedirect';

export const pendingIdeas = {
  read: (): PendingIdeas | null => {
    return asPendingIdeas(readJson<unknown>(session.get(IDEAS_KEY)));
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

function asGeneratedIdeaSet(value: unknown): GeneratedIdeaSet | null {
  const ideas = asPendingIdeas(value);
  if (!ideas || !hasStrings(value, ['id', 'createdAt'])) return null;
  const { id, personalized, createdAt } = value as Record<string, unknown>;
  if (typeof personalized !== 'boolean') return null;
  return { ...ideas, id: id as string, personalized, createdAt: createdAt as string };
}

export const generatedIdeas = {
  read: (): GeneratedIdeaSet | null => {
    return asGeneratedIdeaSet(readJson<unknown>(session.get(GENERATED_KEY)));
  },
  write: (value: GeneratedIdeaSet) => session.set(GENERATED_KEY, JSON.stringify(value)),
  clear: () => session.set(GENERATED_KEY, null),
};

/** The `redirect` query of /auth, remembered across tab switches and reloads until used. */
export const authRedirect = {
  read: () => session.get(REDIRECT_KEY),
  write: (value: string | null) => session.set(REDIRECT_KEY, value),
};

/**
 * A creating or paid call of the plan page on its way to the server (adding a task, the next
 * milestone, help), by what it does (e.g. `help:{taskId}`): its `Idempotency-Key` and what it sent.
 * Kept in the tab until the call answers, so a reload asks again with the same key and shows the
 * first call's outcome instead of doing it twice. An attempt older than ATTEMPT_MAX_AGE_MS is forgotten.
 */
export type PendingAttempt = { idempotencyKey: string; variables: unknown; startedAt: number };

const ATTEMPTS_KEY = 'skilly.pendingAttempts';
export const ATTEMPT_MAX_AGE_MS = 10 * 60_000;

function readAttempts(): Record<string, PendingAttempt> {
  const all = readJson<Record<string, PendingAttempt>>(session.get(ATTEMPTS_KEY));
  if (typeof all !== 'object' || all === null) return {};
  const now = Date.now();
  return Object.fromEntries(
    Object.entries(all).filter(
      ([, attempt]) => typeof attempt?.idempotencyKey === 'string' && typeof attempt.startedAt === 'number' && now - attempt.startedAt < ATTEMPT_MAX_AGE_MS,
    ),
  );
}

function writeAttempts(all: Record<string, PendingAttempt>): void {
  session.set(ATTEMPTS_KEY, Object.keys(all).length === 0 ? null : JSON.stringify(all));
}

/** A fresh key for one attempt (randomUUID needs a secure context; getRandomValues does not). */
export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export const pendingAttempts = {
  read: (action: string): PendingAttempt | null => readAttempts()[action] ?? null,
  begin: (action: string, variables: unknown): PendingAttempt => {
    const attempt = { idempotencyKey: newIdempotencyKey(), variables, startedAt: Date.now() };
    writeAttempts({ ...readAttempts(), [action]: attempt });
    return attempt;
  },
  end: (action: string): void => {
    const { [action]: _ended, ...rest } = readAttempts();
    writeAttempts(rest);
  },
};
