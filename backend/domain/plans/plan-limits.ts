/**
 * Length and count limits of a plan (back-office §9: a milestone title up to 60 characters, a
 * description up to 200, success criteria up to 150, 5-8 tasks in a generated milestone). The
 * rest are the project's own bounds, so a plan stream stays small. One place, read by the
 * decider, the API contracts and the AI answer parsing.
 */
export const planLimits = {
  planTitle: 200,
  planDescription: 1000,
  category: 50,
  timeEstimate: 50,
  milestoneTitle: 60,
  milestoneDescription: 200,
  successCriteria: 150,
  taskTitle: 200,
  taskDescription: 600,
  resourceName: 100,
  resourceUrl: 500,
  /** Free resources, and paid ones, of one milestone. */
  resourcesPerKind: 6,
  helpText: 4000,
  /** Tasks of one milestone, generated and added by the member together. */
  tasksPerMilestone: 50,
  /** What a generated milestone holds (back-office §9). */
  generatedTasks: { min: 5, max: 8 },
  /** Milestones of a plan (the prompt builder's range). */
  milestones: { min: 1, max: 12 },
} as const;

/** Weekly milestones unless the prompt builder says otherwise (design §5). */
export const DEFAULT_MILESTONES_COUNT = 6;
