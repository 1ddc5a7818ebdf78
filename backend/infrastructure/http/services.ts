import type { Logger } from 'pino';
import type { EventStore } from '../../application/ports/event-store';
import type { ProjectionProgress } from '../../application/ports/projection-progress';
import type { Clock } from '../../application/ports/system';
import type { IdentityService } from '../../application/identity/identity-service';
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
  progress: ProjectionProgress;
  runner: ProjectionRunner;
  cookieSecret: string;
  /** Built frontend to serve, if any. */
  frontendDir?: string;
}
