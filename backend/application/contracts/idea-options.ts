/**
 * The choices of an idea request's pro-only fields. Kept free of zod so the landing page's
 * hero form can use them without loading the schema library.
 */
export const skillLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const timelines = ['7-days', '30-days', '60-days', '90-days'] as const;
