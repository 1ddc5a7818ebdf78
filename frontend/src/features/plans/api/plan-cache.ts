import type { PlanDto, PlanTaskDto } from '@contracts/plans';

/** Spec §9: a milestone is done when all its tasks are; the plan's progress is the rounded percent of completed tasks. */
export function withProgress(plan: PlanDto): PlanDto {
  const tasks = plan.milestones.flatMap((milestone) => milestone.tasks);
  const done = tasks.filter((task) => task.completed === 'true').length;
  return {
    ...plan,
    progress: tasks.length === 0 ? 0 : Math.round((done / tasks.length) * 100),
    completedMilestones: plan.milestones.filter(
      (milestone) => milestone.tasks.length > 0 && milestone.tasks.every((task) => task.completed === 'true'),
    ).length,
  };
}

/** The plan with one task changed (the cached copy a mutation updates before or after the server answers). */
export function updateTask(plan: PlanDto, taskId: string, change: (task: PlanTaskDto) => PlanTaskDto): PlanDto {
  return withProgress({
    ...plan,
    milestones: plan.milestones.map((milestone) => ({
      ...milestone,
      tasks: milestone.tasks.map((task) => (task.id === taskId ? change(task) : task)),
    })),
  });
}
