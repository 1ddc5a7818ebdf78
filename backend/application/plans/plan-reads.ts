import type { PlanDto } from '../contracts/plans';

/**
 * What the plans service reads from the read models (a port: the application never imports
 * projections; `infrastructure/composition/plans.ts` answers it with the projections' queries).
 * Every question names the member, so another member's idea, plan or task is simply not found.
 */
export interface PlanReads {
  /**
   * The idea with this id in one of the member's idea sets; where the id is in several, the one
   * with this title, else the newest set's.
   */
  ideaOf(ownerId: string, ideaId: string, title: string): Promise<{ title: string; description: string; category: string; skill?: string } | undefined>;
  /** The plan the member's task belongs to. */
  planIdOfTask(ownerId: string, taskId: string): Promise<string | undefined>;
  /** The member's plans, newest first. */
  list(ownerId: string): Promise<PlanDto[]>;
  get(ownerId: string, planId: string): Promise<PlanDto | undefined>;
}
