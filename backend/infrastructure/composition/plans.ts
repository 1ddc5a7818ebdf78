import type { IdeaGenerator } from '../../application/ports/idea-generator';
import type { PlanGenerator } from '../../application/ports/plan-generator';
import { createPlansService } from '../../application/plans/plans-service';
import { findMemberIdea, findPlanIdOfTask, findPlanOf, listPlansOf } from '../../projections/plans/plans-projection';
import { OfflinePlanGenerator } from '../ai/offline-plan-generator';
import { OpenAiIdeaGenerator } from '../ai/openai-idea-generator';
import type { CreditsContext } from './credits';
import type { Platform } from './platform';

export interface PlansOverrides {
  /** The AI adapter for plans, next milestones and task help (tests script answers and failures with it). */
  planGenerator?: PlanGenerator;
}

/** Plans: action plans from ideas, their milestones, tasks and task help (spending plan, milestone and help credits). */
export function plansContext(
  platform: Platform,
  { credits }: Pick<CreditsContext, 'credits'>,
  { ideaGenerator }: { ideaGenerator: IdeaGenerator },
  overrides: PlansOverrides = {},
) {
  const { database, eventStore, ids, clock, logger } = platform;
  const db = database.db;
  return {
    plans: createPlansService({
      db,
      eventStore,
      ids,
      clock,
      generator: overrides.planGenerator ?? choosePlanGenerator(ideaGenerator, platform),
      credits,
      reads: {
        ideaOf: (ownerId, ideaId, title) => findMemberIdea(db, ownerId, ideaId, title),
        planIdOfTask: (ownerId, taskId) => findPlanIdOfTask(db, ownerId, taskId),
        list: (ownerId) => listPlansOf(db, ownerId),
        get: (ownerId, planId) => findPlanOf(db, ownerId, planId),
      },
      log: logger.child({ component: 'plans' }),
    }),
  };
}

/** The OpenAI client ideas use when a key is configured (it serves both ports), else the offline plan generator. */
function choosePlanGenerator(ideaGenerator: IdeaGenerator, platform: Platform): PlanGenerator {
  if (ideaGenerator instanceof OpenAiIdeaGenerator) return ideaGenerator;
  const log = platform.logger.child({ component: 'ai' });
  return new OfflinePlanGenerator({ log: (message) => log.info(message) });
}
