import { type MilestoneDto, milestoneSchema, type PlanDto, planSchema, type PlanTaskDto, taskSchema } from '@contracts/plans';

/** Plan bodies for component tests, each checked against the contract the server answers with. */

export const task = (id: string, overrides: Partial<PlanTaskDto> = {}): PlanTaskDto =>
  taskSchema.parse({ id, title: `Task ${id}`, description: `What to do for ${id}`, completed: 'false', helpResponse: null, ...overrides });

export const detailedMilestone = (id: string, orderIndex: number, tasks: PlanTaskDto[], overrides: Partial<MilestoneDto> = {}): MilestoneDto =>
  milestoneSchema.parse({
    id,
    orderIndex,
    title: `Week ${orderIndex + 1}: Set up your gig`,
    description: 'Get your offer online',
    timeEstimate: '1 week',
    isDetailed: 'true',
    freeResources: [
      { name: 'Fiverr Academy', url: 'https://learn.fiverr.com' },
      { name: 'Canva', url: 'https://www.canva.com' },
      { name: 'Unsplash', url: 'https://unsplash.com' },
    ],
    paidResources: [
      { name: 'Skillshare', url: 'https://www.skillshare.com' },
      { name: 'Udemy', url: 'https://www.udemy.com' },
    ],
    tasks,
    successCriteria: 'Your gig is live with three tiers',
    ...overrides,
  });

export const outline = (id: string, orderIndex: number): MilestoneDto =>
  milestoneSchema.parse({
    id,
    orderIndex,
    title: `Week ${orderIndex + 1}: Grow`,
    description: 'Find your first buyers',
    timeEstimate: '1 week',
    isDetailed: 'false',
    freeResources: [],
    paidResources: [],
    tasks: [],
    successCriteria: '',
  });

/** A plan whose counters follow its milestones, as the server computes them. */
export function plan(milestones: MilestoneDto[], overrides: Partial<PlanDto> = {}): PlanDto {
  const tasks = milestones.flatMap((m) => m.tasks);
  const done = tasks.filter((t) => t.completed === 'true').length;
  return planSchema.parse({
    id: 'plan-1',
    title: 'Pet Portrait Commissions Plan',
    description: 'Turn your pet drawings into paid commissions in six weeks.',
    category: 'fiverr',
    status: 'active',
    timeEstimate: '6 weeks',
    createdAt: '2026-11-20T09:00:00.000Z',
    currentMilestone: milestones.filter((m) => m.isDetailed === 'true').length,
    totalMilestones: milestones.length,
    milestonesCount: milestones.length,
    completedMilestones: milestones.filter((m) => m.tasks.length > 0 && m.tasks.every((t) => t.completed === 'true')).length,
    progress: tasks.length === 0 ? 0 : Math.round((done / tasks.length) * 100),
    ideaId: 'fiverr-1',
    milestones,
    ...overrides,
  });
}

/** A response the test releases when it wants, to look at the screen while the request is in flight. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
