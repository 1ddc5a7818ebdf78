import { z } from 'zod';
import {
  aiSettingsFieldsSchema,
  aiSettingsSchema,
  promptBuilderSettingsSchema,
  promptPlaceholders,
  selectableModels,
} from '../ai/ai-settings';
import { ideaSetSchema } from './ideas';
import { text } from './text';

/**
 * The admin Model, Skilly AI (prompt builder) and Skilly Prompts tabs (back-office §2, §3, §5,
 * §7, §9). Every saved configuration is a version recorded as an event (who, when, what); the
 * history lists them and any earlier one can be restored. Shared by the server and the React app.
 */

/** The fields with their §5 ranges and messages: the forms validate with them before sending, as the server does. */
export { aiSettingsFieldsSchema, aiSettingsSchema, promptBuilderSettingsSchema, promptPlaceholders, selectableModels };

/** Who saved a version: their current name (or 'Deleted user'), null for the built-in defaults. */
export const aiConfigEditorSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/**
 * GET /api/admin/ai-config and the answer of every save or restore: the configuration in force
 * (back-office §3 AI config fields), its version (0 = the built-in defaults, never saved), when
 * and by whom it was saved.
 */
export const aiConfigResponseSchema = z.object({
  // The fields as stored (already validated): plain types, so the compiled serializer sends them as they are.
  modelName: z.string(),
  systemPrompt: z.string(),
  temperature: z.number(),
  ideaMaxTokens: z.number().int(),
  maxTokens: z.number().int(),
  milestoneMaxTokens: z.number().int(),
  helpMaxTokens: z.number().int(),
  inputTokenCostPer1M: z.number(),
  outputTokenCostPer1M: z.number(),
  promptBuilderSettings: promptBuilderSettingsSchema,
  ideaGenerationPrompt: z.string(),
  planGenerationPrompt: z.string(),
  nextMilestonePrompt: z.string(),
  taskHelpPrompt: z.string(),
  version: z.number().int().min(0),
  savedAt: z.string().nullable(),
  savedBy: aiConfigEditorSchema,
});
export type AiConfigDto = z.infer<typeof aiConfigResponseSchema>;

/**
 * POST /api/admin/ai-config body: any subset of the AI config fields (a sub-tab sends only its
 * own fields; `promptBuilderSettings` may be partial too). The server merges it over the current
 * configuration, validates the whole (§5 ranges; 400 with the first problem's message, nothing
 * saved) and records a new version. Unknown keys are refused, except the GET answer's read-only
 * `version`, `savedAt` and `savedBy`, which are ignored. `reason` is optional.
 */
export const aiConfigUpdateSchema = aiSettingsFieldsSchema
  .omit({ promptBuilderSettings: true })
  .partial()
  .extend({
    promptBuilderSettings: promptBuilderSettingsSchema.partial().strict().optional(),
    reason: text({ max: 500, tooLong: 'Reason must be at most 500 characters' }).optional(),
    /** The GET answer's own read-only fields: accepted and ignored, so a client may send back what it read. */
    version: z.number().int().min(0).optional(),
    savedAt: z.string().max(40).nullable().optional(),
    savedBy: aiConfigEditorSchema.optional(),
  })
  .strict();
export type AiConfigUpdate = z.infer<typeof aiConfigUpdateSchema>;

/** One line of GET /api/admin/ai-config/versions (newest first). */
export const aiConfigVersionSchema = z.object({
  version: z.number().int().min(1),
  savedAt: z.string(),
  savedBy: aiConfigEditorSchema,
  /** Top-level field names that differ from the version before (`promptBuilderSettings.x` for builder settings). */
  changedFields: z.array(z.string()),
  /** Set when this version was made by restoring an earlier one. */
  restoredFrom: z.number().int().min(0).nullable(),
  reason: z.string().nullable(),
});
export type AiConfigVersionDto = z.infer<typeof aiConfigVersionSchema>;
export const aiConfigVersionsResponseSchema = z.array(aiConfigVersionSchema);

/** GET /api/admin/ai-config/versions/{version}: that version's whole configuration (0 = defaults). */
export const aiConfigVersionParamsSchema = z.object({
  version: text({ max: 9 }).regex(/^\d+$/, 'Version must be a whole number'),
});
export const aiConfigVersionDetailSchema = aiConfigResponseSchema;

/** POST /api/admin/ai-config/versions/{version}/restore answers the new current configuration (a new version). */

/** The prompts a preview can show. */
export const promptKinds = ['ideas', 'plan', 'nextMilestone', 'taskHelp'] as const;
export type PromptKind = (typeof promptKinds)[number];

/**
 * POST /api/admin/ai-config/preview: the exact messages the OpenAI adapter would send for a sample,
 * built by the same code, from the saved configuration with the unsaved `changes` laid over it.
 * `sample.skill` is used by the idea prompt; the plan prompts use a built-in sample idea/plan.
 */
export const aiConfigPreviewRequestSchema = z
  .object({
    kind: z.enum(promptKinds),
    changes: aiConfigUpdateSchema.optional(),
    sample: z
      .object({ skill: text({ max: 500, tooLong: 'Skill must be at most 500 characters' }).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type AiConfigPreviewRequest = z.infer<typeof aiConfigPreviewRequestSchema>;
export const aiConfigPreviewResponseSchema = z.object({
  system: z.string(),
  user: z.string(),
  model: z.string(),
  maxTokens: z.number().int(),
  temperature: z.number(),
});
export type AiConfigPreviewDto = z.infer<typeof aiConfigPreviewResponseSchema>;

/**
 * GET /api/admin/idea-sets (Skilly Prompts tab): the 10 most recent idea sets of members, newest
 * first (back-office §3 Prompt history entry and Idea set (admin view): the set with its categories
 * and ideas, the member's name and email, the idea count; §9).
 */
export const PROMPT_HISTORY_SIZE = 10;
export const promptHistoryEntrySchema = ideaSetSchema.extend({
  ideaCount: z.number().int().min(0),
  /** The owner's current name and email: only members' idea sets are kept (a visitor's trial generation is not). */
  userFirstName: z.string(),
  userLastName: z.string(),
  userEmail: z.string(),
  /** The AI config version the generation used, when recorded. */
  configVersion: z.number().int().min(0).nullable(),
});
export type PromptHistoryEntryDto = z.infer<typeof promptHistoryEntrySchema>;
export const promptHistoryResponseSchema = z.array(promptHistoryEntrySchema);

/**
 * GET /api/admin/ai-config/outcomes (issue 53): what each version of the AI configuration led to,
 * counted from the events since the first (`projections/ai-outcomes`). Each rate carries its
 * sample (`ideas`, `plans`, `members`, `ideaSets`); a rate whose sample is empty is null.
 */
export const aiConfigOutcomeRowSchema = z.object({
  version: z.number().int(),
  ideaSets: z.number().int(),
  ideas: z.number().int(),
  plans: z.number().int(),
  /** Ideas turned into at least one plan. */
  ideasPlanned: z.number().int(),
  planShare: z.number().nullable(),
  milestonesCompletedPerPlan: z.number().nullable(),
  tasksCompletedWithin30DaysPerPlan: z.number().nullable(),
  helpRequestsPerPlan: z.number().nullable(),
  /** Members whose first generated idea set this version made. */
  members: z.number().int(),
  /** Of those, the ones who became Pro within 30 days of that set. */
  becamePro: z.number().int(),
  proShare: z.number().nullable(),
  aiCostUsd: z.number(),
  aiCostPerIdeaSetUsd: z.number().nullable(),
});
export type AiConfigOutcomeRow = z.infer<typeof aiConfigOutcomeRowSchema>;

/** One week (its Monday, UTC) of one version: idea sets generated and the share of their ideas turned into plans. */
export const aiConfigOutcomeWeekSchema = z.object({
  week: z.string(),
  version: z.number().int(),
  ideaSets: z.number().int(),
  planShare: z.number().nullable(),
});
export type AiConfigOutcomeWeek = z.infer<typeof aiConfigOutcomeWeekSchema>;

export const aiConfigOutcomesResponseSchema = z.object({
  versions: z.array(aiConfigOutcomeRowSchema),
  weeks: z.array(aiConfigOutcomeWeekSchema),
});
export type AiConfigOutcomesResponse = z.infer<typeof aiConfigOutcomesResponseSchema>;

/** The CSV export's columns, in order (one row per version). */
export const AI_CONFIG_OUTCOME_COLUMNS = [
  'version',
  'ideaSets',
  'ideas',
  'ideasPlanned',
  'planShare',
  'plans',
  'milestonesCompletedPerPlan',
  'tasksCompletedWithin30DaysPerPlan',
  'helpRequestsPerPlan',
  'members',
  'becamePro',
  'proShare',
  'aiCostUsd',
  'aiCostPerIdeaSetUsd',
] as const satisfies readonly (keyof AiConfigOutcomeRow)[];
