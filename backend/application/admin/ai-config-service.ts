import type { Kysely } from 'kysely';
import { AI_CONFIG_STREAM, aiConfigDecider, aiConfigInForce, type AiConfigState } from '../../domain/ai-config/ai-config';
import type { UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import { readAiConfig, type CurrentAiConfig } from '../ai/ai-config-store';
import { aiSettingsSchema, defaultAiSettings, mergeWithDefaults, type AiSettings } from '../ai/ai-settings';
import { chatMessages } from '../ai/chat-messages';
import { buildIdeaPromptInput } from '../ai/idea-prompt';
import { buildMilestonePromptInput, buildPlanPromptInput, buildTaskHelpPromptInput } from '../ai/plan-prompt';
import {
  AI_CONFIG_OUTCOME_COLUMNS,
  PROMPT_HISTORY_SIZE,
  type AiConfigDto,
  type AiConfigOutcomesResponse,
  type AiConfigPreviewDto,
  type AiConfigPreviewRequest,
  type AiConfigUpdate,
  type AiConfigVersionDto,
  type PromptHistoryEntryDto,
} from '../contracts/ai-config';
import { handleCommand } from '../event-sourcing/command-handler';
import { csvLine } from './csv';
import { commandContext } from '../event-sourcing/command-context';
import type { AiConfigReads } from '../ports/ai-config-reads';
import type { Database } from '../ports/database';
import type { AllPosition, EventStore } from '../ports/event-store';
import type { Clock, IdGenerator } from '../ports/system';

/** A merged configuration outside §5 (or whose token limit cannot hold its answer): the schema's first message. */
export const InvalidAiConfig = (message: string) => new DomainError('invalid_ai_config', 'invalid', { message });

export interface AiConfigDeps {
  db: Kysely<Database>;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  reads: AiConfigReads;
}

/** The sample the preview fills the plan prompts with (the idea prompt takes the admin's skill). */
const sample = {
  skill: 'Graphic design',
  idea: { ideaTitle: 'Logo design packages on Fiverr', ideaDescription: 'Sell three-tier logo packages to small businesses.', category: 'fiverr' },
  milestone: { title: 'Publish the first gig', description: 'Write the gig, price three packages, add samples.' },
  task: { title: 'Write the gig description', description: 'Say who it is for, what they get and how fast.' },
};

/** The update laid over `settings` (builder settings merged key by key), validated as a whole. */
export function applyUpdate(settings: AiSettings, update: AiConfigUpdate | undefined): AiSettings {
  if (!update) return settings;
  const { reason: _reason, version: _version, savedAt: _savedAt, savedBy: _savedBy, promptBuilderSettings, ...fields } = update;
  const merged = { ...settings, ...fields, promptBuilderSettings: { ...settings.promptBuilderSettings, ...promptBuilderSettings } };
  const parsed = aiSettingsSchema.safeParse(merged);
  if (!parsed.success) throw InvalidAiConfig(parsed.error.issues[0]?.message ?? 'Please check the AI configuration');
  return parsed.data;
}

/** The configuration in force in the stream's state, completed with the defaults (as readers see it). */
const settingsInForce = (state: AiConfigState): AiSettings => mergeWithDefaults(aiConfigInForce(state, defaultAiSettings));

/**
 * The admin's AI configuration (back-office §2 Model, Skilly AI and Skilly Prompts tabs): every
 * save and restore is an `AiConfigSaved` event on the one `ai-config-current` stream, so the
 * versions, who made them and what changed come from the log. Reads come from the versions read
 * model; a mutation answers its position so the route can wait for it.
 */
export function createAiConfigService(deps: AiConfigDeps) {
  const { db, eventStore, ids, clock, reads } = deps;

  const editor = async (id: string | null) => {
    if (id === null) return null;
    const names = await reads.names([id]);
    return { id, name: names.get(id) ?? 'Deleted user' };
  };

  const dto = async (config: CurrentAiConfig): Promise<AiConfigDto> => ({
    ...config.settings,
    version: config.version,
    savedAt: config.savedAt?.toISOString() ?? null,
    savedBy: await editor(config.savedBy),
  });

  return {
    async current(): Promise<AiConfigDto> {
      return dto(await readAiConfig(db));
    },

    /**
     * Lays `update` over the configuration in force in the stream (not the read model) inside the
     * command cycle: when another admin's save lands first the cycle runs again on the newer version,
     * so two saves of different fields both hold. The merged whole is validated there too.
     */
    async save(admin: UserActor, update: AiConfigUpdate, requestId: string): Promise<{ position: AllPosition | null }> {
      const reason = update.reason?.trim() || null;
      const outcome = await handleCommand(
        { eventStore, ids },
        aiConfigDecider,
        AI_CONFIG_STREAM,
        (state: AiConfigState) => ({
          type: 'SaveAiConfig' as const,
          data: { settings: applyUpdate(settingsInForce(state), update), defaults: defaultAiSettings, reason },
        }),
        commandContext(clock, { actor: admin, requestId }, 'ai-config'),
      );
      return { position: outcome.position };
    },

    async restore(admin: UserActor, version: number, reason: string | null, requestId: string): Promise<{ position: AllPosition | null }> {
      const outcome = await handleCommand(
        { eventStore, ids },
        aiConfigDecider,
        AI_CONFIG_STREAM,
        () => ({ type: 'RestoreAiConfig' as const, data: { version, defaults: defaultAiSettings, reason } }),
        commandContext(clock, { actor: admin, requestId }, 'ai-config'),
      );
      return { position: outcome.position };
    },

    async versions(): Promise<AiConfigVersionDto[]> {
      const rows = await reads.versions();
      const names = await reads.names([...new Set(rows.flatMap((row) => (row.savedBy ? [row.savedBy] : [])))]);
      return rows.map((row) => ({
        version: row.version,
        savedAt: row.savedAt.toISOString(),
        savedBy: row.savedBy === null ? null : { id: row.savedBy, name: names.get(row.savedBy) ?? 'Deleted user' },
        changedFields: row.changedFields,
        restoredFrom: row.restoredFrom,
        reason: row.reason,
      }));
    },

    /** One version's whole configuration; 0 is the built-in defaults. */
    async version(version: number): Promise<AiConfigDto> {
      if (version === 0) return dto({ settings: defaultAiSettings, version: 0, savedAt: null, savedBy: null });
      const row = await reads.version(version);
      if (!row) throw new DomainError('ai_config_version_not_found', 'not_found', { version });
      return dto({ settings: mergeWithDefaults(row.settings), version: row.version, savedAt: row.savedAt, savedBy: row.savedBy });
    },

    /** The exact messages the OpenAI adapter would send, built by the functions the real calls use. */
    async preview(request: AiConfigPreviewRequest): Promise<AiConfigPreviewDto> {
      const settings = applyUpdate((await readAiConfig(db)).settings, request.changes);
      const input = (() => {
        switch (request.kind) {
          case 'ideas':
            return buildIdeaPromptInput(settings, { skill: request.sample?.skill?.trim() || sample.skill }, { personalized: false });
          case 'plan':
            return buildPlanPromptInput(settings, sample.idea);
          case 'nextMilestone':
            return buildMilestonePromptInput(settings, {
              planTitle: sample.idea.ideaTitle,
              planDescription: sample.idea.ideaDescription,
              planCategory: sample.idea.category,
              weekNumber: 2,
              totalWeeks: settings.promptBuilderSettings.milestonesCount,
              outline: { title: 'Win the first three customers', description: 'Reach out and deliver the first orders.', tasks: [] },
              previous: [{ ...sample.milestone, tasks: [{ title: sample.task.title, completed: true }] }],
            });
          case 'taskHelp':
            return buildTaskHelpPromptInput(settings, {
              taskTitle: sample.task.title,
              taskDescription: sample.task.description,
              milestoneTitle: sample.milestone.title,
              milestoneDescription: sample.milestone.description,
              planTitle: sample.idea.ideaTitle,
              planCategory: sample.idea.category,
            });
        }
      })();
      const messages = chatMessages(input);
      return {
        system: messages.find((m) => m.role === 'system')?.content ?? '',
        user: messages.find((m) => m.role === 'user')?.content ?? '',
        model: input.model,
        maxTokens: input.maxTokens,
        temperature: input.temperature,
      };
    },

    promptHistory(): Promise<PromptHistoryEntryDto[]> {
      return reads.recentIdeaSets(PROMPT_HISTORY_SIZE);
    },

    /** GET /api/admin/ai-config/outcomes: what each version led to, and week by week (issue 53). */
    async outcomes(): Promise<AiConfigOutcomesResponse> {
      const [versions, weeks] = await Promise.all([reads.outcomes(), reads.outcomeWeeks()]);
      return { versions, weeks };
    },

    /** GET /api/admin/ai-config/outcomes.csv: one line per version, the columns of `AI_CONFIG_OUTCOME_COLUMNS`. */
    async outcomesCsv(): Promise<string> {
      const versions = await reads.outcomes();
      return csvLine(AI_CONFIG_OUTCOME_COLUMNS) + versions.map((row) => csvLine(AI_CONFIG_OUTCOME_COLUMNS.map((column) => row[column]))).join('');
    },
  };
}

export type AiConfigService = ReturnType<typeof createAiConfigService>;
