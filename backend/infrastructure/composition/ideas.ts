import type { Logger } from 'pino';
import { createIdeaGenerationService } from '../../application/ideas/idea-generation';
import { createIdeaSetsService } from '../../application/ideas/idea-sets-service';
import type { IdeaGenerator } from '../../application/ports/idea-generator';
import { OfflineIdeaGenerator } from '../ai/offline-idea-generator';
import { OpenAiIdeaGenerator, type AiProviderStatus } from '../ai/openai-idea-generator';
import type { Config } from '../config/config';
import type { CreditsContext } from './credits';
import type { Platform } from './platform';
import { ideaSetSavesEraser } from '../../application/ideas/idea-set-saves';
import { trialResultsEraser } from '../../application/ideas/trial-results';
import { aiCallDecider } from '../../domain/ai-usage/ai-call';
import { ideaSetDecider, type IdeaSetCreated } from '../../domain/ideas/idea-set';
import { ideaSetsReadModel } from '../../projections/idea-sets/read-model';
import { listIdeaSetsOf } from '../../projections/idea-sets/idea-sets-projection';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

export interface IdeasOverrides {
  /** The AI adapter for idea generation (tests record prompts or script failures with it). */
  ideaGenerator?: IdeaGenerator;
}

/** Ideas: generation (spending idea credits) and the members' idea sets. */
export function ideasContext(platform: Platform, { credits }: Pick<CreditsContext, 'credits'>, overrides: IdeasOverrides = {}) {
  const { database, eventStore, ids, clock, progress, config, logger } = platform;
  const generator = overrides.ideaGenerator ?? chooseIdeaGenerator(config, logger);
  const ideaSets = createIdeaSetsService({ eventStore, ids, clock });
  return {
    ideaSets,
    /** The AI adapter, so plans can use the same OpenAI client (it implements both ports). */
    ideaGenerator: generator,
    ideaGeneration: createIdeaGenerationService({
      db: database.db,
      eventStore,
      ids,
      clock,
      generator,
      progress,
      credits,
      ideaSets,
      trialGenerationsPerDay: config.TRIAL_GENERATIONS_PER_DAY,
      log: logger.child({ component: 'idea-generation' }),
    }),
    /** The AI provider's start-up check and last call, for the admin health detail. */
    aiStatus: (): AiProviderStatus =>
      generator instanceof OpenAiIdeaGenerator
        ? generator.status()
        : { generator: generator.kind, baseURL: null, startupCheck: null, lastCall: null },
  };
}

/** OpenAI (or any compatible server) when a key is configured, else the built-in offline generator. */
function chooseIdeaGenerator(config: Config, logger: Logger): IdeaGenerator {
  const log = logger.child({ component: 'ai' });
  if (config.OPENAI_API_KEY) {
    log.info({ baseURL: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1' }, 'idea generation: OpenAI');
    const generator = new OpenAiIdeaGenerator({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
    });
    // Warns at start when the base URL answers 404 (no /v1?) or the key is refused; never blocks start.
    void generator.checkProvider();
    return generator;
  }
  log.info('idea generation: offline generator (no OPENAI_API_KEY): ideas come from a built-in catalogue, not an AI model');
  return new OfflineIdeaGenerator({ log: (message) => log.info(message) });
}

/** Ideas' slice: generation and the members' idea sets (the `ideas` and `idea-sets` routes). */
export const ideasSlice = defineSlice({
  name: 'ideas',
  context: (platform, built: Pick<CreditsContext, 'credits'>, overrides: IdeasOverrides) => ideasContext(platform, built, overrides),
  readModels: [ideaSetsReadModel],
  aggregates: [
    {
      name: 'idea set',
      decider: ideaSetDecider,
      history: [{ type: 'IdeaSetCreated', data: { ideaSetId: 's', ownerId: 'u', skill: 'Painting', categories: [], ideas: [], personalized: false, source: 'saved' } }],
    },
    { name: 'AI call', decider: aiCallDecider, history: [] },
  ],
  streamOwners: [{ eventTypes: ['IdeaSetCreated'], ownerOf: (event) => (event.data as IdeaSetCreated['data']).ownerId }],
  routeFolders: ['ideas', 'idea-sets'],
  erasers: (platform) => [trialResultsEraser(platform.database.db), ideaSetSavesEraser(platform.database.db)],
  tablesWithoutPersonalData: { trial_generations: 'trial counts per visitor IP address and day, never tied to an account' },
  exportSections: (_gives, platform) => ({ ideaSets: (member) => listIdeaSetsOf(platform.database.db, member.userId) }),
  async memberExamples(api) {
    const idea = { id: 'idea-1', title: api.distinctive('Idea'), subtitle: 'Pet owners pay for a painting', description: 'Paint pets from photos.', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40' };
    const set = await api.call('POST', '/api/idea-sets', { skill: api.distinctive('Skill'), categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] });
    if (set.status !== 201) throw new Error(`saving an idea set answered ${set.status}`);
    return { ideaSet: set.body.id, idea: idea.id, ideaTitle: idea.title };
  },
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    generateIdeas: ['ok', 'ok', 'ok', '403', '403'],
    listIdeaSets: callers.members,
    saveIdeaSet: callers.members,
    savePendingIdeas: callers.members,
  },
});
