import type { PlanDto } from '@contracts/plans';
import { categoryColor } from '../../../lib/category-color';

/** The generator's category keys (spec §3) in the words the idea screens use; an admin's own key is shown as written. */
const categoryNames: Record<string, string> = {
  fiverr: 'Fiverr Gigs',
  online: 'Online Business',
  internet: 'Online Business',
  offline: 'Local Services',
  local: 'Local Services',
  social: 'Social Media',
};
const categoryColors: Record<string, string> = { fiverr: 'green', online: 'blue', internet: 'blue', offline: 'orange', local: 'orange', social: 'purple' };

export function categoryLabel(category: string): string {
  const key = category.trim().toLowerCase();
  return categoryNames[key] ?? (category.trim() ? category.trim()[0]!.toUpperCase() + category.trim().slice(1) : 'Other');
}

export function planCategoryColor(category: string): string {
  const key = category.trim().toLowerCase();
  return categoryColor({ id: key, color: categoryColors[key] ?? '' });
}

export const statusLabel: Record<PlanDto['status'], string> = { active: 'Active', paused: 'Paused', completed: 'Completed' };
export const statusIntent = { active: 'primary', paused: 'warning', completed: 'success' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since the plan was created (0 on its first day). */
export function daysActive(createdAt: string, now: number = Date.now()): number {
  const created = new Date(createdAt).getTime();
  return Number.isNaN(created) ? 0 : Math.max(0, Math.floor((now - created) / DAY_MS));
}

export const daysActiveLabel = (days: number) => (days === 1 ? '1 day active' : `${days} days active`);

/** Spec §9: at most 2 free and 1 paid resource badge, from the detailed milestones in order. */
export function resourceBadges(plan: PlanDto) {
  const detailed = plan.milestones.filter((milestone) => milestone.isDetailed === 'true');
  return {
    free: detailed.flatMap((milestone) => milestone.freeResources).slice(0, 2),
    paid: detailed.flatMap((milestone) => milestone.paidResources).slice(0, 1),
  };
}


/** Timeline dates: en-GB, as the rest of the app writes dates (spec §9), with the time of day. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "6 × 1 week" (how the generator writes a plan's length) as a person says it: "6 weeks". Anything else as written. */
export function timeEstimateLabel(estimate: string): string {
  const match = /^\s*(\d+)\s*[×x*]\s*(\d+)\s*(hour|day|week|month)s?\s*$/i.exec(estimate);
  if (!match) return estimate.trim();
  const total = Number(match[1]) * Number(match[2]);
  return `${total} ${match[3]!.toLowerCase()}${total === 1 ? '' : 's'}`;
}
