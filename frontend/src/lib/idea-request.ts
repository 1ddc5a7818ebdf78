import { type GenerateIdeasRequest, generateIdeasRequestSchema } from '@contracts/ideas';
import { z } from 'zod';
import { skillLevels, timelines } from './idea-request-form';

/**
 * What a person asks for when generating ideas (spec §5). The form itself (defaults, plain checks,
 * URL) lives in idea-request-form.ts, which the landing page loads without zod; this module adds
 * the zod form schema the dashboard form uses and reads a request back from /generating's query.
 */
export * from './idea-request-form';

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
