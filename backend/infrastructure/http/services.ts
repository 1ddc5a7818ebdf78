import type { Logger } from 'pino';
import type { EventStore } from '../../application/ports/event-store';
import type { ProjectionProgress } from '../../application/ports/projection-progress';
import type { Clock } from '../../application/ports/system';
import type { IdentityService } from '../../application/identity/identity-service';
import type { CreditsService } from '../../application/credits/credits-service';
import type { IdeaSetsService } from '../../application/ideas/idea-sets-service';
import type { IdeaGenerationService } from '../../application/ideas/idea-generation';
import type { AiProviderStatus } from '../ai/openai-idea-generator';
import type { Config } from '../config/config';
import type { DatabaseHandle } from '../database/database';
import type { ProjectionRunner } from '../../projections/runner/projection-runner';

/** What the HTTP layer is given by the composition root. */
export interface AppServices {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  eventStore: EventStore;
  clock: Clock;
  identity: IdentityService;
  credits: CreditsService;
  ideaSets: IdeaSetsService;
  ideaGeneration: IdeaGenerationService;
  /** The AI provider's start-up check and last call, for the admin health detail. */
  aiStatus(): AiProviderStatus;
  progress: ProjectionProgress;
  runner: ProjectionRunner;
  cookieSecret: string;
  /** Built frontend to serve, if any. */
  frontendDir?: string;
}
