import type { AdminUserDto } from '@contracts/admin-members';
import { monthlyAllowances } from '@contracts/allowances';

/**
 * Design §5: the members table shows the one allowance policy, the monthly allowances of the
 * member's role (free or pro). Staff (moderators, admins) have no credit ledger, so no denominator.
 */
export function allowancesOf(role: AdminUserDto['role']) {
  return role === 'free' || role === 'pro' ? monthlyAllowances[role] : null;
}

/** "2/3": how much of the allowance is used, or the bare count when the role has none. */
export const usageText = (used: number, allowance: number | undefined) => (allowance === undefined ? String(used) : `${used}/${allowance}`);

/** The four usage figures of a member, each against its allowance: ideas, active plans, milestone and help credits. */
export function memberUsage(user: AdminUserDto) {
  const allowances = allowancesOf(user.role);
  return {
    ideas: usageText(user.ideasGenerated, allowances?.idea),
    plans: usageText(user.activePlans, allowances?.plan),
    milestones: usageText(user.milestoneCredits, allowances?.milestone),
    help: usageText(user.helpCredits, allowances?.help),
  };
}

export const fullName = (user: Pick<AdminUserDto, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/** "1 Nov 2026" (en-GB), or the text as given when it is not a date. */
export function dayText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "1 Nov 2026, 10:00" (en-GB). */
export function timeText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
