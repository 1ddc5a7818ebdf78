import { type GenerateIdeasRequest, generateIdeasRequestSchema, skillLevels, timelines } from '@contracts/ideas';
import { z } from 'zod';

/**
 * What a person asks for when generating ideas (spec §5), shared by the landing hero and the
 * dashboard's Generate New Ideas form, and how it travels to /generating in the query (spec §2).
 */
export { skillLevels, timelines };

export const ideaRequestFormSchema = z.object({
  skill: z.string().trim().min(1),
  skillLevel: z.enum(skillLevels),
  timeline: z.enum(timelines),
  incomeGoal: z.number().int().min(100).max(10_000),
  availableHours: z.number().int().min(1).max(40),
  niches: z.array(z.string()),
  platforms: z.array(z.string()),
  regionFocus: z.string().trim(),
  languages: z.array(z.string()),
});
export type IdeaRequestForm = z.input<typeof ideaRequestFormSchema>;

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

/**
 * Spec §2: /generating?skill=…, trial=true for visitors, and the customization only for pro
 * members (the server ignores it for everyone else anyway).
 */
export function generatingUrl(
  values: z.output<typeof ideaRequestFormSchema>,
  { trial, customize }: { trial: boolean; customize: boolean },
): string {
  const query = new URLSearchParams({ skill: values.skill.trim() });
  if (trial) query.set('trial', 'true');
  if (customize) {
    if (values.niches.length > 0) query.set('niches', JSON.stringify(values.niches));
    query.set('skillLevel', values.skillLevel);
    query.set('availableHours', String(values.availableHours));
    query.set('incomeGoal', String(values.incomeGoal));
    query.set('timeline', values.timeline);
    if (values.platforms.length > 0) query.set('platforms', JSON.stringify(values.platforms));
    if (values.regionFocus) query.set('regionFocus', values.regionFocus);
    if (values.languages.length > 0) query.set('languages', JSON.stringify(values.languages));
  }
  return `/generating?${query}`;
}

function jsonList(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The request /generating sends, read back from its query. A value that does not fit the
 * contract is left out rather than failing the whole generation; no skill gives null.
 */
export function ideaRequestFromQuery(params: URLSearchParams): GenerateIdeasRequest | null {
  const skill = generateIdeasRequestSchema.shape.skill.safeParse(params.get('skill') ?? '');
  if (!skill.success) return null;
  const number = (raw: string | null) => (raw === null || raw.trim() === '' ? undefined : Number(raw));
  const candidates: Record<string, unknown> = {
    niches: jsonList(params.get('niches')),
    skillLevel: params.get('skillLevel') ?? undefined,
    availableHours: number(params.get('availableHours')),
    incomeGoal: number(params.get('incomeGoal')),
    timeline: params.get('timeline') ?? undefined,
    platforms: jsonList(params.get('platforms')),
    regionFocus: params.get('regionFocus') ?? undefined,
    languages: jsonList(params.get('languages')),
  };
  const request: Record<string, unknown> = { skill: skill.data };
  for (const [key, value] of Object.entries(candidates)) {
    if (value === undefined) continue;
    const field = generateIdeasRequestSchema.shape[key as keyof GenerateIdeasRequest];
    const parsed = field.safeParse(value);
    if (parsed.success && parsed.data !== undefined) request[key] = parsed.data;
  }
  return request as GenerateIdeasRequest;
}

/**
 * After a failed generation, /generating sends the request back to the form it came from in the
 * router's location state (kept across a reload by the browser's history), so nothing typed is lost.
 */
export const draftState = (request: GenerateIdeasRequest) => ({ ideaRequestDraft: request });

/** The form's starting values: the defaults, or the request a failed generation handed back. */
export function ideaRequestFormValues(locationState: unknown): IdeaRequestForm {
  const draft = (locationState as { ideaRequestDraft?: unknown } | null)?.ideaRequestDraft;
  const parsed = generateIdeasRequestSchema.safeParse(draft);
  if (!parsed.success) return ideaRequestFormDefaults;
  const request = parsed.data;
  return {
    ...ideaRequestFormDefaults,
    skill: request.skill,
    ...(request.skillLevel ? { skillLevel: request.skillLevel } : {}),
    ...(request.timeline ? { timeline: request.timeline } : {}),
    ...(request.incomeGoal !== undefined ? { incomeGoal: request.incomeGoal } : {}),
    ...(request.availableHours !== undefined ? { availableHours: request.availableHours } : {}),
    ...(request.niches ? { niches: request.niches } : {}),
    ...(request.platforms ? { platforms: request.platforms } : {}),
    ...(request.regionFocus ? { regionFocus: request.regionFocus } : {}),
    ...(request.languages ? { languages: request.languages } : {}),
  };
}
