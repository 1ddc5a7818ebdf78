import { z } from 'zod';

/** Spec §5: hero form values; customization is only sent for pro members. */
export const skillLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const timelines = ['7-days', '30-days', '60-days', '90-days'] as const;

export const heroFormSchema = z.object({
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
export type HeroForm = z.input<typeof heroFormSchema>;

export const heroFormDefaults: HeroForm = {
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

/** Spec §2: /generating?skill=…&trial=true plus, for pro members, the customization. */
export function generatingUrl(values: z.output<typeof heroFormSchema>, { trial, customize }: { trial: boolean; customize: boolean }): string {
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
