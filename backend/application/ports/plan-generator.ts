import type { GeneratedText, IdeaPromptInput } from './idea-generator';

/**
 * AI for action plans (member-product §2 Plan detail, back-office §2): a whole plan from an idea,
 * the next milestone of a plan, and help with one task. The same adapters serve it as the idea
 * port (`AiGenerationError`, `AiUsage`, `GeneratedText` come from there); the application parses
 * the answer text (`application/ai/plan-parse.ts`).
 */

/** What every chat call needs: the prompt, the model settings and the prices. */
export type AiPrompt = Pick<
  IdeaPromptInput,
  | 'systemPrompt'
  | 'userPrompt'
  | 'model'
  | 'temperature'
  | 'maxTokens'
  | 'inputTokenCostPer1M'
  | 'outputTokenCostPer1M'
  /** None for a plain-text answer (task help). */
  | 'answerSchema'
>;

export interface PlanRequestData {
  ideaTitle: string;
  ideaDescription: string;
  /** The idea's category key (fiverr, online, offline, social or an admin's own). */
  category: string;
  /** The skill the member typed when the idea was generated (the offline plans keep its words); not sent to the AI. */
  skill?: string;
}

export interface PlanPromptInput extends AiPrompt {
  /** What the member asked for (the offline generator builds from it directly). */
  request: PlanRequestData;
  milestonesCount: number;
  /** Tasks a detailed milestone may hold: at least `min`, at most `max`. */
  tasks: { min: number; max: number };
  includeResources: boolean;
  /** One milestone's time estimate from the builder's timeframe: "1 week", "2 weeks", "1 month". */
  milestoneTimeEstimate: string;
}

/** A milestone as the next-milestone prompt sees it. */
export interface MilestoneSketch {
  title: string;
  description: string;
  /** Task titles, and whether each is done (empty for an outline). */
  tasks: { title: string; completed: boolean }[];
}

export interface MilestoneRequestData {
  planTitle: string;
  planDescription: string;
  planCategory: string;
  /** 1-based week of the milestone to detail. */
  weekNumber: number;
  totalWeeks: number;
  /** The outline being detailed. */
  outline: MilestoneSketch;
  /** The milestones before it, in order (the last one is the previous week). */
  previous: MilestoneSketch[];
}

export interface MilestonePromptInput extends AiPrompt {
  request: MilestoneRequestData;
  tasks: { min: number; max: number };
  includeResources: boolean;
  milestoneTimeEstimate: string;
}

export interface TaskHelpRequestData {
  taskTitle: string;
  taskDescription: string;
  milestoneTitle: string;
  milestoneDescription: string;
  /** The plan around it (not placeholders of the prompt; the offline generator uses them). */
  planTitle: string;
  planCategory: string;
}

export interface TaskHelpPromptInput extends AiPrompt {
  request: TaskHelpRequestData;
}

/**
 * Each method resolves with the whole answer text and what it cost, or rejects with an
 * `AiGenerationError` (timeout, rate_limit, parse_error when the answer was cut at the token
 * limit, unavailable) or the signal's abort reason. Nothing is streamed to the member: the plan
 * endpoints answer once the plan, milestone or help is stored.
 */
export interface PlanGenerator {
  readonly kind: 'openai' | 'offline';
  generatePlan(input: PlanPromptInput, signal?: AbortSignal): Promise<GeneratedText>;
  generateMilestone(input: MilestonePromptInput, signal?: AbortSignal): Promise<GeneratedText>;
  generateTaskHelp(input: TaskHelpPromptInput, signal?: AbortSignal): Promise<GeneratedText>;
}
