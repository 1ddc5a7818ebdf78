import type { GenerateIdeasRequest } from '@contracts/ideas';
import { skillLevels, timelines } from '@contracts/idea-options';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * The idea request form (spec §5) as the landing hero and the dashboard's Generate New Ideas form
 * fill it, checked with a few plain rules: the landing page loads no schema library. The server
 * still validates the request with the shared zod contract.
 */
export { skillLevels, timelines };

export type IdeaRequestForm = {
  skill: string;
  skillLevel: (typeof skillLevels)[number];
  timeline: (typeof timelines)[number];
  incomeGoal: number;
  availableHours: number;
  niches: string[];
  platforms: string[];
  regionFocus: string;
  languages: string[];
};

export const ideaRequestFormDefaults: IdeaRequestForm = {
  skill: '',
  skillLevel: 'intermediate',
  timeline: '30-days',
  incomeGoal: 500,
  availableHours: 10,
  niches: [],
  platforms: [],
  regionFocus: '',
  languages: [],
};

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

/** The first problem of each field, keyed by field name; empty when the form is valid. */
export function ideaRequestFormProblems(values: IdeaRequestForm): Partial<Record<keyof IdeaRequestForm, string>> {
  const problems: Partial<Record<keyof IdeaRequestForm, string>> = {};
  if (typeof values.skill !== 'string' || values.skill.trim().length === 0) problems.skill = 'Please describe your skill';
  if (!isOneOf(skillLevels, values.skillLevel)) problems.skillLevel = 'Choose a skill level';
  if (!isOneOf(timelines, values.timeline)) problems.timeline = 'Choose a timeline';
  if (!isInt(values.incomeGoal, 100, 10_000)) problems.incomeGoal = 'Income goal must be a whole number from 100 to 10000';
  if (!isInt(values.availableHours, 1, 40)) problems.availableHours = 'Available hours must be a whole number from 1 to 40';
  for (const key of ['niches', 'platforms', 'languages'] as const) if (!isStringList(values[key])) problems[key] = 'Must be a list of words';
  if (typeof values.regionFocus !== 'string') problems.regionFocus = 'Must be text';
  return problems;
}

/** react-hook-form resolver over the plain checks; valid values come back with text trimmed. */
export const ideaRequestFormResolver: Resolver<IdeaRequestForm> = async (values) => {
  const problems = ideaRequestFormProblems(values);
  const keys = Object.keys(problems) as (keyof IdeaRequestForm)[];
  if (keys.length > 0) {
    const errors: FieldErrors<IdeaRequestForm> = {};
    for (const key of keys) errors[key] = { type: 'validate', message: problems[key] };
    return { values: {}, errors };
  }
  return { values: { ...values, skill: values.skill.trim(), regionFocus: values.regionFocus.trim() }, errors: {} };
};

/**
 * Spec §2: /generating?skill=…, trial=true for visitors, and the customization only for pro
 * members (the server ignores it for everyone else anyway).
 */
export function generatingUrl(values: IdeaRequestForm, { trial, customize }: { trial: boolean; customize: boolean }): string {
  const query = new URLSearchParams({ skill: values.skill.trim() });
  if (trial) query.set('trial', 'true');
  if (customize) {
    if (values.niches.length > 0) query.set('niches', JSON.stringify(values.niches));
    query.set('skillLevel', values.skillLevel);
    query.set('availableHours', String(values.availableHours));
    query.set('incomeGoal', String(values.incomeGoal));
    query.set('timeline', values.timeline);
    if (values.platforms.length > 0) query.set('platforms', JSON.stringify(values.platforms));
    if (values.regionFocus.trim()) query.set('regionFocus', values.regionFocus.trim());
    if (values.languages.length > 0) query.set('languages', JSON.stringify(values.languages));
  }
  return `/generating?${query}`;
}

/**
 * After a failed generation, /generating sends the request back to the form it came from in the
 * router's location state (kept across a reload by the browser's history), so nothing typed is lost.
 */
export const draftState = (request: GenerateIdeasRequest) => ({ ideaRequestDraft: request });

/** The form's starting values: the defaults, or the fields of the request a failed generation handed back that fit. */
export function ideaRequestFormValues(locationState: unknown): IdeaRequestForm {
  const draft = (locationState as { ideaRequestDraft?: unknown } | null)?.ideaRequestDraft as Record<string, unknown> | undefined;
  if (!draft || typeof draft !== 'object' || typeof draft.skill !== 'string' || draft.skill.trim() === '') return ideaRequestFormDefaults;
  const values: IdeaRequestForm = { ...ideaRequestFormDefaults, skill: draft.skill };
  if (isOneOf(skillLevels, draft.skillLevel)) values.skillLevel = draft.skillLevel;
  if (isOneOf(timelines, draft.timeline)) values.timeline = draft.timeline;
  if (isInt(draft.incomeGoal, 100, 10_000)) values.incomeGoal = draft.incomeGoal;
  if (isInt(draft.availableHours, 1, 40)) values.availableHours = draft.availableHours;
  if (isStringList(draft.niches)) values.niches = draft.niches;
  if (isStringList(draft.platforms)) values.platforms = draft.platforms;
  if (typeof draft.regionFocus === 'string') values.regionFocus = draft.regionFocus;
  if (isStringList(draft.languages)) values.languages = draft.languages;
  return values;
}
