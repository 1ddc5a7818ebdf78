import type { Role } from '../shared/actor';
import { DomainError } from '../shared/domain-error';

/**
 * Somebody must always be able to run the product: the last enabled admin is never demoted,
 * disabled or deleted (back-office §2 Members tab; issue 32). One rule for the three ways an
 * admin can be lost, used by the admin Members service and by account erasure alike.
 */
export type AdminLoss = 'demote' | 'disable' | 'delete';

/** `loss` words the refusal; without it, the member deleting their own account is told they are the only admin. */
export const LastAdmin = (loss?: AdminLoss) => new DomainError('last_admin', 'conflict', loss === undefined ? {} : { loss });

/** What the rule needs to know of the target account. */
export interface AdminCandidate {
  role: Role;
  disabled: boolean;
}

/**
 * Refuses a change that would leave no enabled admin. `otherEnabledAdmins` counts the enabled
 * admins other than the target; `newRole` is the role asked for (a demotion only when it is not
 * admin). A disabled admin is not one who can run the product: losing them loses nothing.
 */
export function keepAnEnabledAdmin(
  target: AdminCandidate,
  change: { loss: 'demote'; newRole: Role } | { loss: 'disable' | 'delete' },
  otherEnabledAdmins: number,
  wording: { self: boolean } = { self: false },
): void {
  if (target.role !== 'admin' || target.disabled || otherEnabledAdmins > 0) return;
  if (change.loss === 'demote' && change.newRole === 'admin') return;
  throw wording.self ? LastAdmin() : LastAdmin(change.loss);
}
